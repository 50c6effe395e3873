import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DematerializeTests {
  @Test func dematerializeTurnsElementsBackIntoEvents() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(
        Observable<Event<Int>>.of(.next(1), .error(TestError()), .next(2)).dematerialize())
      expectEqual(recorder.log, ["1", "error(boom)"])
      let roundTrip = Recorder<Int>()
      roundTrip.record(Observable.of(1, 2).materialize().dematerialize())
      expectEqual(roundTrip.log, ["1", "2", "completed"])
      let upstream = Recorder<Int>()
      upstream.record(Observable<Event<Int>>.error(TestError("outer")).dematerialize())
      expectEqual(upstream.log, ["error(outer)"])
    }
  }
}
