import ReactiveCore
import Testing

@Suite struct JustTests {
  @Test func justEmitsItsElementThenCompletesDuringSubscribe() {
    expectNoLeaks {
      let just = Recorder<Int>()
      just.record(Observable.just(1))
      #expect(just.log == ["1", "completed"])
    }
  }
}
