import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct GenerateTests {
  @Test func generateLoopsWhileTheConditionHolds() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(
        Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 }))
      expectEqual(recorder.log, ["1", "3", "9", "completed"])
      let none = Recorder<Int>()
      none.record(Observable.generate(initialState: 5, condition: { $0 < 0 }, iterate: { $0 + 1 }))
      expectEqual(none.log, ["completed"])
    }
  }

  @Test func generateStopsWhenTheSubscriberIsDoneAndReportsThrownErrors() {
    expectNoLeaks {
      var iterations = 0
      let endless = Recorder<Int>()
      endless.record(
        Observable.generate(
          initialState: 0, condition: { _ in true },
          iterate: {
            iterations += 1
            return $0 + 1
          }
        ).take(3))
      expectEqual(endless.log, ["0", "1", "2", "completed"])
      expectEqual(iterations, 2)
      let condition = Recorder<Int>()
      condition.record(
        Observable.generate(
          initialState: 0,
          condition: { if $0 == 1 { throw TestError("condition") } else { return true } },
          iterate: { $0 + 1 }))
      expectEqual(condition.log, ["0", "error(condition)"])
      let iterate = Recorder<Int>()
      iterate.record(
        Observable.generate(
          initialState: 0, condition: { _ in true }, iterate: { _ in throw TestError("iterate") }))
      expectEqual(iterate.log, ["0", "error(iterate)"])
    }
  }

  @Test func generateHandlesReentrantSubscribersAndDisposal() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = Observable.merge(
        subject, Observable.generate(initialState: 0, condition: { $0 < 2 }, iterate: { $0 + 1 })
      ).subscribe(onNext: { value in
        received.append(value)
        if value == 0 { subject.onNext(10) }
      })
      subscription.dispose()
      subject.onNext(20)
      expectEqual(received, [0, 10, 1])
    }
  }
}
