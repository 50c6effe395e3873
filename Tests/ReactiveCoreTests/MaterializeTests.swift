import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct MaterializeTests {
  @Test func materializeTurnsEventsIntoElements() {
    expectNoLeaks {
      let recorder = Recorder<Event<Int>>()
      recorder.record(Observable.concat([.of(1), .error(TestError())]).materialize())
      expectEqual(recorder.log, ["next(1)", "error(boom)", "completed"])
      let completed = Recorder<Event<Int>>()
      completed.record(Observable.of(2).materialize())
      expectEqual(completed.log, ["next(2)", "completed", "completed"])
    }
  }

  @Test func disposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [String] = []
      let subscription = subject.materialize().subscribe(onNext: { event in
        received.append("\(event)")
        if event.element == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      subject.onCompleted()
      expectEqual(received, ["next(1)", "next(2)"])
      let events = PublishSubject<Event<Int>>()
      let recorder = Recorder<Int>()
      let second = recorder.record(events.dematerialize())
      events.onNext(.next(1))
      second.dispose()
      events.onNext(.next(2))
      expectEqual(recorder.log, ["1"])
    }
  }
}
