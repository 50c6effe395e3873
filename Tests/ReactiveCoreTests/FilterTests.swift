import ReactiveCore
import Testing

@Suite struct FilterTests {
  @Test func filterKeepsTheElementsThatPass() {
    expectNoLeaks {
      let filter = Recorder<Int>()
      filter.record(Observable.of(1, 2, 3, 4).filter { $0 > 2 })
      #expect(filter.log == ["3", "4", "completed"])
    }
  }

  @Test func aThrownErrorEndsTheSequence() {
    expectNoLeaks {
      let filter = Recorder<Int>()
      filter.record(Observable.of(1, 2, 3).filter { try failOnTwo($0) > 0 })
      #expect(filter.log == ["1", "error(boom)"])
    }
  }
}
