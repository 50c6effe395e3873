import ReactiveCore
import Testing

@Suite struct EmptyTests {
  @Test func emptyCompletesAtOnce() {
    expectNoLeaks {
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.empty())
      #expect(empty.log == ["completed"])
    }
  }
}
