import ReactiveCore
import Testing

@Suite struct CompactMapTests {
  @Test func compactMapDropsTheNilResults() {
    expectNoLeaks {
      let compact = Recorder<Int>()
      compact.record(Observable.of(1, 2, 3, 4).compactMap { $0 % 2 == 0 ? $0 : nil })
      #expect(compact.log == ["2", "4", "completed"])
    }
  }

  @Test func aThrownErrorEndsTheSequence() {
    expectNoLeaks {
      let compact = Recorder<Int>()
      compact.record(Observable.of(1, 2, 3).compactMap(failOnTwo))
      #expect(compact.log == ["1", "error(boom)"])
    }
  }
}
