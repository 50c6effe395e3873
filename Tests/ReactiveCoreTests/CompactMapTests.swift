import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CompactMapTests {
  @Test func compactMapDropsTheNilResults() {
    expectNoLeaks {
      let compact = Recorder<Int>()
      compact.record(Observable.of(1, 2, 3, 4).compactMap { $0 % 2 == 0 ? $0 : nil })
      expectEqual(compact.log, ["2", "4", "completed"])
    }
  }

  @Test func aThrownErrorEndsTheSequence() {
    expectNoLeaks {
      let compact = Recorder<Int>()
      compact.record(Observable.of(1, 2, 3).compactMap(failOnTwo))
      expectEqual(compact.log, ["1", "error(boom)"])
    }
  }
}
