import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ErrorTests {
  @Test func errorFailsAtOnce() {
    expectNoLeaks {
      let error = Recorder<Int>()
      error.record(Observable<Int>.error(TestError()))
      expectEqual(error.log, ["error(boom)"])
    }
  }
}
