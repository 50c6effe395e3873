import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ScanTests {
  @Test func scanEmitsEachIntermediateState() {
    expectNoLeaks {
      let source = Observable.of(1, 2, 3, 4)
      let scan = Recorder<Int>()
      scan.record(source.scan(0, accumulator: +))
      expectEqual(scan.log, ["1", "3", "6", "10", "completed"])
      let scanInto = Recorder<[Int]>()
      scanInto.record(source.scan(into: [Int]()) { $0.append($1) })
      #expect(scanInto.log.last == "completed" && scanInto.elements.last == [1, 2, 3, 4])
    }
  }

  @Test func aThrownErrorEndsTheSequence() {
    expectNoLeaks {
      let scan = Recorder<Int>()
      scan.record(Observable.of(1, 2, 3).scan(0) { _, value in try failOnTwo(value) })
      expectEqual(scan.log, ["1", "error(boom)"])
    }
  }
}
