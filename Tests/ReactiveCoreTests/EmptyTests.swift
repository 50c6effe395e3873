import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct EmptyTests {
  @Test func emptyCompletesAtOnce() {
    expectNoLeaks {
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.empty())
      expectEqual(empty.log, ["completed"])
    }
  }
}
