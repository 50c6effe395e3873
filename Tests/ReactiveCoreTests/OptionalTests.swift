import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct OptionalTests {
  @Test func fromOptionalEmitsTheWrappedValueIfThereIsOne() {
    expectNoLeaks {
      let none = Recorder<Int>()
      none.record(Observable.from(optional: Int?.none))
      expectEqual(none.log, ["completed"])
      let some = Recorder<Int>()
      some.record(Observable.from(optional: Int?.some(7)))
      expectEqual(some.log, ["7", "completed"])
    }
  }
}
