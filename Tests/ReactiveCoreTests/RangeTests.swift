import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RangeTests {
  @Test func rangeEmitsCountIntegersFromStart() {
    expectNoLeaks {
      let range = Recorder<Int>()
      range.record(Observable.range(start: 5, count: 3))
      expectEqual(range.log, ["5", "6", "7", "completed"])
      let emptyRange = Recorder<Int>()
      emptyRange.record(Observable.range(start: 5, count: 0))
      expectEqual(emptyRange.log, ["completed"])
    }
  }
}
