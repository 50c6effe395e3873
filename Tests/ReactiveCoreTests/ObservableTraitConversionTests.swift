import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ObservableTraitConversionTests {
  private func outcome<Element>(_ single: Single<Element>) -> String {
    var result = "none"
    _ = single.subscribe(
      onSuccess: { result = "success \($0)" }, onFailure: { result = "failure \($0)" })
    return result
  }

  private func outcome<Element>(_ maybe: Maybe<Element>) -> String {
    var result = "none"
    _ = maybe.subscribe(
      onSuccess: { result = "success \($0)" }, onError: { result = "error \($0)" },
      onCompleted: { result = "completed" })
    return result
  }

  @Test func asSingleNeedsExactlyOneElement() {
    expectEqual(outcome(Observable.just(1).asSingle()), "success 1")
    expectEqual(outcome(Observable<Int>.empty().asSingle()), "failure \(RxError.noElements)")
    expectEqual(outcome(Observable.of(1, 2).asSingle()), "failure \(RxError.moreThanOneElement)")
    expectEqual(outcome(Observable<Int>.error(TestFailure.boom).asSingle()), "failure boom")
  }

  @Test func asSingleWaitsForTheCompletion() {
    let subject = PublishSubject<Int>()
    var result = "none"
    _ = subject.asSingle().subscribe(onSuccess: { result = "success \($0)" })
    subject.onNext(1)
    expectEqual(result, "none")
    subject.onCompleted()
    expectEqual(result, "success 1")
  }

  @Test func aSecondElementFailsAtOnceAndReleasesTheSource() {
    let counter = ResourceCounter()
    let subject = PublishSubject<Int>()
    var result = "none"
    counter.measure {
      _ = subject.asSingle().subscribe(onFailure: { result = "failure \($0)" })
      subject.onNext(1)
      subject.onNext(2)
    }
    expectEqual(result, "failure \(RxError.moreThanOneElement)")
    #expect(!subject.hasObservers)
    expectEqual(counter.live, 0)
  }

  @Test func asMaybeAllowsNoElement() {
    expectEqual(outcome(Observable.just(1).asMaybe()), "success 1")
    expectEqual(outcome(Observable<Int>.empty().asMaybe()), "completed")
    expectEqual(outcome(Observable.of(1, 2).asMaybe()), "error \(RxError.moreThanOneElement)")
  }

  @Test func asCompletableOnASequenceOfNever() {
    var events: [String] = []
    _ = Observable<Never>.empty().asCompletable()
      .subscribe(onCompleted: { events.append("completed") })
    _ = Observable<Never>.error(TestFailure.boom).asCompletable()
      .subscribe(onError: { events.append("error \($0)") })
    expectEqual(events, ["completed", "error boom"])
  }
}
