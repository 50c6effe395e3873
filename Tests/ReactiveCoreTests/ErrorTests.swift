import ReactiveCore
import Testing

@Suite struct ErrorTests {
  @Test func errorFailsAtOnce() {
    expectNoLeaks {
      let error = Recorder<Int>()
      error.record(Observable<Int>.error(TestError()))
      #expect(error.log == ["error(boom)"])
    }
  }
}
