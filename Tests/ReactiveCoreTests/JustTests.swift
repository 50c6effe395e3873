import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct JustTests {
  @Test func justEmitsItsElementThenCompletesDuringSubscribe() {
    expectNoLeaks {
      let just = Recorder<Int>()
      just.record(Observable.just(1))
      expectEqual(just.log, ["1", "completed"])
    }
  }
}
