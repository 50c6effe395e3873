import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DoTests {
  @Test func runsEachHandlerAroundTheEvents() {
    expectNoLeaks {
      var log: [String] = []
      let subject = PublishSubject<Int>()
      let subscription = subject.do(
        onNext: { log.append("onNext \($0)") },
        afterNext: { log.append("afterNext \($0)") },
        onCompleted: { log.append("onCompleted") },
        afterCompleted: { log.append("afterCompleted") },
        onSubscribe: { log.append("onSubscribe") },
        onSubscribed: { log.append("onSubscribed") },
        onDispose: { log.append("onDispose") }
      ).subscribe(
        onNext: { log.append("observer \($0)") }, onCompleted: { log.append("observer completed") })
      subject.onNext(1)
      subject.onCompleted()
      subscription.dispose()
      // As in RxSwift, the `do` right above `subscribe` runs `afterCompleted` before its own
      // disposal.
      expectEqual(
        log,
        [
          "onSubscribe", "onSubscribed", "onNext 1", "observer 1", "afterNext 1", "onCompleted",
          "observer completed", "afterCompleted", "onDispose",
        ])
    }
  }

  @Test func errorHandlersRunAroundTheError() {
    expectNoLeaks {
      var log: [String] = []
      let recorder = Recorder<Int>()
      recorder.record(
        Observable<Int>.error(TestError()).do(
          onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") }))
      expectEqual(log, ["onError boom", "afterError boom"])
      expectEqual(recorder.log, ["error(boom)"])
    }
  }

  @Test func aThrowingHandlerEndsTheSequence() {
    expectNoLeaks {
      let before = Recorder<Int>()
      before.record(Observable.of(1, 2).do(onNext: { _ in throw TestError("onNext") }))
      expectEqual(before.log, ["error(onNext)"])
      let after = Recorder<Int>()
      after.record(Observable.of(1, 2).do(afterNext: { _ in throw TestError("afterNext") }))
      expectEqual(after.log, ["1", "error(afterNext)"])
      let onError = Recorder<Int>()
      onError.record(
        Observable<Int>.error(TestError()).do(onError: { _ in throw TestError("replaced") }))
      expectEqual(onError.log, ["error(replaced)"])
      let afterCompleted = Recorder<Int>()
      afterCompleted.record(Observable<Int>.empty().do(afterCompleted: { throw TestError("late") }))
      expectEqual(afterCompleted.log, ["completed"])
    }
  }

  @Test func onDisposeRunsOnceOnDisposalMidStream() {
    expectNoLeaks {
      var disposals = 0
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.do(onDispose: { disposals += 1 }))
      subject.onNext(1)
      subscription.dispose()
      subscription.dispose()
      subject.onNext(2)
      expectEqual(disposals, 1)
      expectEqual(recorder.log, ["1"])
    }
  }

  @Test func reentrantEventsRunTheHandlersInOrder() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var log: [String] = []
      let subscription = subject.do(onNext: { log.append("do \($0)") }).subscribe(onNext: { value in
        log.append("observer \(value)")
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      expectEqual(log, ["do 1", "observer 1", "do 2", "observer 2"])
    }
  }
}
