import ReactiveCore
import Testing

@Suite struct SubscribeTests {
  final class Screen: @unchecked Sendable {  // used from one thread
    var log: [String] = []
  }

  @Test func subscribeWithHoldsTheObjectWeakly() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var screen: Screen? = Screen()
      weak let weakScreen = screen
      var disposedCalls = 0
      let subscription = subject.subscribe(
        with: screen!, onNext: { screen, value in screen.log.append("\(value)") },
        onDisposed: { _ in disposedCalls += 1 })
      subject.onNext(1)
      #expect(screen?.log == ["1"])
      screen = nil
      #expect(weakScreen == nil)
      subject.onNext(2)
      subscription.dispose()
      #expect(disposedCalls == 0)
    }
  }

  @Test func subscribeWithPassesTheObjectToEveryHandler() {
    expectNoLeaks {
      let screen = Screen()
      _ = Observable.of(1).subscribe(
        with: screen, onNext: { $0.log.append("next \($1)") },
        onCompleted: { $0.log.append("completed") }, onDisposed: { $0.log.append("disposed") })
      _ = Observable<Int>.error(TestError()).subscribe(
        with: screen, onError: { $0.log.append("error \($1)") })
      #expect(screen.log == ["next 1", "completed", "disposed", "error boom"])
    }
  }

  @Test func subscribeRunsOnDisposedOnceAfterTheEndOrOnDisposal() {
    expectNoLeaks {
      var log: [String] = []
      _ = Observable.of(1).subscribe(
        onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
        onDisposed: { log.append("disposed") })
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(onDisposed: { log.append("disposed again") })
      subscription.dispose()
      subscription.dispose()
      #expect(log == ["next 1", "completed", "disposed", "disposed again"])
    }
  }

  @Test func subscribeWithAnObserver() {
    expectNoLeaks {
      let target = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(target)
      _ = Observable.of(1, 2).subscribe(target)
      #expect(recorder.log == ["1", "2", "completed"])
    }
  }
}
