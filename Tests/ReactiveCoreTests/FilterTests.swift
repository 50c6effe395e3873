import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct FilterTests {
  @Test func filterKeepsTheElementsThatPass() {
    expectNoLeaks {
      let filter = Recorder<Int>()
      filter.record(Observable.of(1, 2, 3, 4).filter { $0 > 2 })
      expectEqual(filter.log, ["3", "4", "completed"])
    }
  }

  @Test func aThrownErrorEndsTheSequence() {
    expectNoLeaks {
      let filter = Recorder<Int>()
      filter.record(Observable.of(1, 2, 3).filter { try failOnTwo($0) > 0 })
      expectEqual(filter.log, ["1", "error(boom)"])
    }
  }
}
