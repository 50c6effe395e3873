import ReactiveCore
import Testing

@Suite struct RangeTests {
  @Test func rangeEmitsCountIntegersFromStart() {
    expectNoLeaks {
      let range = Recorder<Int>()
      range.record(Observable.range(start: 5, count: 3))
      #expect(range.log == ["5", "6", "7", "completed"])
      let emptyRange = Recorder<Int>()
      emptyRange.record(Observable.range(start: 5, count: 0))
      #expect(emptyRange.log == ["completed"])
    }
  }
}
