import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SkipUntilTests {
  @Test func skipUntilForwardsOnceTheOtherEmitted() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      recorder.record(source.skip(until: other))
      source.onNext(1)
      other.onNext("go")
      #expect(!other.hasObservers)
      source.onNext(2)
      source.onCompleted()
      expectEqual(recorder.log, ["2", "completed"])
    }
  }

  @Test func skipUntilEndsSilentlyIfTheSourceCompletesFirst() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(source.skip(until: other))
      source.onNext(1)
      source.onCompleted()
      #expect(recorder.log.isEmpty)
      #expect(!other.hasObservers)
      // The subscriber was told nothing, so its subscription stays until it is disposed.
      subscription.dispose()
    }
  }

  @Test func skipUntilReleasesTheSubscriberIfTheSourceCompletesFirst() {
    // As in RxSwift, the subscriber is told nothing, but everything the operator holds is
    // released: the trigger's subscription and the subscriber's handlers.
    final class Token {}
    weak var weakToken: Token?
    weak var weakTrigger: PublishSubject<String>?
    var received: [String] = []
    do {
      let token = Token()
      let trigger = PublishSubject<String>()
      weakToken = token
      weakTrigger = trigger
      _ = Observable<Int>.empty().skip(until: trigger).subscribe(
        onNext: { _ in _ = token }, onError: { _ in received.append("error") },
        onCompleted: { received.append("completed") }, onDisposed: { received.append("disposed") })
      #expect(!trigger.hasObservers)
    }
    #expect(weakToken == nil)
    #expect(weakTrigger == nil)
    #expect(received.isEmpty)
    do {
      let token = Token()
      weakToken = token
      _ = Observable<Int>.empty().skip(until: Observable<Int>.never())
        .subscribe(onNext: { _ in _ = token })
    }
    #expect(weakToken == nil)
  }

  @Test func skipUntilForwardsErrorsFromEitherSide() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      recorder.record(source.skip(until: other))
      other.onError(TestError("other"))
      expectEqual(recorder.log, ["error(other)"])
      #expect(!source.hasObservers)
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).skip(until: Observable<Int>.never()))
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func skipUntilDisposalAndReentrancy() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = BehaviorSubject(value: 0)
      var received: [Int] = []
      let subscription = source.skip(until: other).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onNext(2) }
      })
      source.onNext(1)
      subscription.dispose()
      source.onNext(3)
      expectEqual(received, [1, 2])
      #expect(!source.hasObservers && !other.hasObservers)
    }
  }
}
