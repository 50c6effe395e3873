import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct EnumeratedTests {
  @Test func pairsElementsWithTheirPositionAnewPerSubscription() {
    expectNoLeaks {
      let source = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }
      let first = Recorder<String>()
      first.record(source)
      let second = Recorder<String>()
      second.record(source)
      expectEqual(first.log, ["0a", "1b", "completed"])
      expectEqual(second.log, first.log)
      let failing = Recorder<String>()
      failing.record(Observable<String>.error(TestError()).enumerated().map { $0.element })
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func disposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<String>()
      var received: [Int] = []
      let subscription = subject.enumerated().subscribe(onNext: { pair in
        received.append(pair.index)
        if pair.index == 0 { subject.onNext("nested") }
      })
      subject.onNext("x")
      subscription.dispose()
      subject.onNext("y")
      expectEqual(received, [0, 1])
    }
  }
}
