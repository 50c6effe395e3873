import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DeferredTests {
  @Test func deferredMakesASequenceForEachSubscriberAndReportsThrownErrors() {
    expectNoLeaks {
      var made = 0
      let deferred = Observable<Int>.deferred {
        made += 1
        return .just(made)
      }
      let first = Recorder<Int>()
      first.record(deferred)
      let second = Recorder<Int>()
      second.record(deferred)
      expectEqual(first.log, ["1", "completed"])
      expectEqual(second.log, ["2", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.deferred { throw TestError() })
      expectEqual(failing.log, ["error(boom)"])
    }
  }
}
