import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ReduceTests {
  @Test func reduceEmitsTheFinalStateOnCompletion() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.reduce(10, accumulator: +))
      subject.onNext(1)
      subject.onNext(2)
      #expect(recorder.log.isEmpty)
      subject.onCompleted()
      expectEqual(recorder.log, ["13", "completed"])
      let mapped = Recorder<String>()
      mapped.record(Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" }))
      expectEqual(mapped.log, ["sum 6", "completed"])
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.empty().reduce(5, accumulator: +))
      expectEqual(empty.log, ["5", "completed"])
    }
  }

  @Test func reduceForwardsErrorsFromUpstreamAndClosures() {
    expectNoLeaks {
      let upstream = Recorder<Int>()
      upstream.record(Observable.concat([.of(1), .error(TestError())]).reduce(0, accumulator: +))
      expectEqual(upstream.log, ["error(boom)"])
      let accumulator = Recorder<Int>()
      accumulator.record(
        Observable.of(1, 2).reduce(0) { _, _ in throw TestError("accumulator") })
      expectEqual(accumulator.log, ["error(accumulator)"])
      let mapResult = Recorder<Int>()
      mapResult.record(
        Observable.of(1).reduce(0, accumulator: +, mapResult: { _ in throw TestError("map") }))
      expectEqual(mapResult.log, ["error(map)"])
    }
  }

  @Test func reduceDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.reduce(0, accumulator: +))
      subject.onNext(1)
      subscription.dispose()
      subject.onCompleted()
      #expect(recorder.log.isEmpty)
      let other = PublishSubject<Int>()
      var received: [Int] = []
      _ = other.reduce(0, accumulator: +).subscribe(onNext: { value in
        received.append(value)
        other.onNext(100)  // the subject has completed: ignored
      })
      other.onNext(2)
      other.onCompleted()
      expectEqual(received, [2])
    }
  }
}
