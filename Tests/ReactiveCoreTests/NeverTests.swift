import ReactiveCore
import Testing

@Suite struct NeverTests {
  @Test func neverEmitsNothing() {
    expectNoLeaks {
      let never = Recorder<Int>()
      never.record(Observable<Int>.never()).dispose()
      #expect(never.log.isEmpty)
    }
  }
}
