import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct GroupByTests {
  @Test func splitsElementsIntoGroupsByKey() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var groups: [String: Recorder<Int>] = [:]
      var keys: [String] = []
      let subscription = subject.groupBy { $0 % 2 == 0 ? "even" : "odd" }.subscribe(onNext: {
        group in
        keys.append(group.key)
        let recorder = Recorder<Int>()
        groups[group.key] = recorder
        recorder.record(group)
      })
      for value in 1...5 { subject.onNext(value) }
      subject.onCompleted()
      expectEqual(keys, ["odd", "even"])
      expectEqual(groups["odd"]?.log, ["1", "3", "5", "completed"])
      expectEqual(groups["even"]?.log, ["2", "4", "completed"])
      subscription.dispose()
    }
  }

  @Test func errorsReachEveryGroupAndTheResult() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let group = Recorder<Int>()
      let outer = Recorder<String>()
      outer.record(
        subject.groupBy { _ in "all" }.do(onNext: { group.record($0) }).map(\.key))
      subject.onNext(1)
      subject.onError(TestError())
      expectEqual(group.log, ["1", "error(boom)"])
      expectEqual(outer.log, ["all", "error(boom)"])
      let thrown = Recorder<String>()
      thrown.record(
        Observable.of(1).groupBy { (_: Int) -> String in throw TestError("key") }.map(\.key))
      expectEqual(thrown.log, ["error(key)"])
    }
  }

  @Test func theSourceStaysSubscribedWhileAGroupIsObserved() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let group = Recorder<Int>()
      var groupSubscription: Disposable?
      let outer = subject.groupBy { $0 }.subscribe(onNext: { groupSubscription = group.record($0) })
      subject.onNext(1)
      outer.dispose()
      #expect(subject.hasObservers)
      subject.onNext(1)
      groupSubscription?.dispose()
      #expect(!subject.hasObservers)
      subject.onNext(1)
      expectEqual(group.log, ["1", "1"])
    }
  }

  @Test func reentrantElementsReachTheirGroup() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      var inner: [Disposable] = []
      let subscription = subject.groupBy { $0 % 2 }.subscribe(onNext: { group in
        inner.append(
          group.subscribe(onNext: { value in
            received.append(value)
            if value == 1 { subject.onNext(3) }
          }))
      })
      subject.onNext(1)
      subscription.dispose()
      for disposable in inner { disposable.dispose() }
      expectEqual(received, [1, 3])
    }
  }
}
