import ReactiveCore
import ReactiveTesting
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
      expectEqual(screen?.log, ["1"])
      screen = nil
      #expect(weakScreen == nil)
      subject.onNext(2)
      subscription.dispose()
      expectEqual(disposedCalls, 0)
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
      expectEqual(screen.log, ["next 1", "completed", "disposed", "error boom"])
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
      expectEqual(log, ["next 1", "completed", "disposed", "disposed again"])
    }
  }

  /// An object that keeps its subscription and is captured by that subscription's handlers:
  /// a cycle that ending the subscription must break, as it does in RxSwift.
  final class Owner {
    var subscription: Disposable?
  }

  /// Subscribes an owner's handlers (all four capture it) to `source` and hands the owner to
  /// `end`; tells whether the owner outlived the call.
  static func ownerOutlives(
    _ source: Observable<Int>, end: (Owner) -> Void = { $0.subscription?.dispose() }
  ) -> Bool {
    weak var weakOwner: Owner?
    do {
      let owner = Owner()
      weakOwner = owner
      owner.subscription = source.subscribe(
        onNext: { _ in _ = owner }, onError: { _ in _ = owner }, onCompleted: { _ = owner },
        onDisposed: { _ = owner })
      end(owner)
    }
    return weakOwner != nil
  }

  @Test func disposingASubscriptionReleasesItsHandlers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      #expect(!Self.ownerOutlives(subject.asObservable()))
      #expect(!Self.ownerOutlives(subject.map { $0 + 1 }.filter { $0 > 0 }))
      #expect(!Self.ownerOutlives(Observable<Int>.never()))
      #expect(!subject.hasObservers)
    }
  }

  @Test func aSubscriptionThatEndsReleasesItsHandlers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      #expect(!Self.ownerOutlives(.just(1), end: { _ in }))
      #expect(!Self.ownerOutlives(.error(TestError()), end: { _ in }))
      #expect(!Self.ownerOutlives(subject.take(1), end: { _ in subject.onNext(1) }))
      #expect(!Self.ownerOutlives(subject.asObservable(), end: { _ in subject.onCompleted() }))
    }
  }

  @Test func subscribeWithAnObserver() {
    expectNoLeaks {
      let target = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(target)
      _ = Observable.of(1, 2).subscribe(target)
      expectEqual(recorder.log, ["1", "2", "completed"])
    }
  }
}
