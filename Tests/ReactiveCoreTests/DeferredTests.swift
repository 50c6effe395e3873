import ReactiveCore
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
      #expect(first.log == ["1", "completed"])
      #expect(second.log == ["2", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.deferred { throw TestError() })
      #expect(failing.log == ["error(boom)"])
    }
  }
}
