import Dispatch
import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

/// A subject, or a relay, that nobody references any more is freed even while its observers
/// are still subscribed, and with it the observers and what their handlers capture, as in
/// RxSwift: the subject holds its observers, but they do not hold the subject.
@Suite struct SubjectReleaseTests {
  /// An object that only an observer's handler owns, to tell when the observer is freed.
  final class Token {}

  /// Weak references to a subject (or relay) and to the token its observer's handler owns.
  final class Watch<Subject: AnyObject> {
    weak var subject: Subject?
    weak var token: Token?
    var isFreed: Bool { subject == nil && token == nil }
  }

  /// Makes a subject with `make`, subscribes to it with `subscribe`, whose disposable is
  /// dropped, and returns what to watch once the subject is out of scope.
  static func watch<Subject: AnyObject>(
    _ make: () -> Subject, _ subscribe: (Subject, Token) -> Void
  ) -> Watch<Subject> {
    let watch = Watch<Subject>()
    do {
      let subject = make()
      let token = Token()
      watch.subject = subject
      watch.token = token
      subscribe(subject, token)
    }
    return watch
  }

  /// Subscribes both ways a subject is reached: with handlers directly (which the subjects
  /// call without the subscription's event closure) and through an operator.
  static func subscribeTwice<Source: ObservableType>(_ source: Source, _ token: Token)
  where Source.Element == Int {
    _ = source.subscribe(onNext: { _ in _ = token })
    _ = source.asObservable().map { $0 + 1 }.subscribe(onNext: { _ in _ = token })
  }

  @Test func publishSubjectWithSubscribersIsFreed() {
    let watch = Self.watch({ PublishSubject<Int>() }) { subject, token in
      Self.subscribeTwice(subject, token)
      subject.onNext(1)
    }
    #expect(watch.isFreed)
  }

  @Test func behaviorSubjectWithSubscribersIsFreed() {
    let watch = Self.watch({ BehaviorSubject(value: 0) }) { subject, token in
      Self.subscribeTwice(subject, token)
      subject.onNext(1)
    }
    #expect(watch.isFreed)
  }

  @Test func replaySubjectWithSubscribersIsFreed() {
    // Without events the observers join directly; with buffered elements, through the gate
    // that holds back what arrives during the replay.
    let empty = Self.watch({ ReplaySubject<Int>.create(bufferSize: 2) }) { subject, token in
      Self.subscribeTwice(subject, token)
    }
    #expect(empty.isFreed)
    let buffered = Self.watch({ ReplaySubject<Int>.createUnbounded() }) { subject, token in
      subject.onNext(1)
      Self.subscribeTwice(subject, token)
      subject.onNext(2)
    }
    #expect(buffered.isFreed)
  }

  @Test func asyncSubjectWithSubscribersIsFreed() {
    let watch = Self.watch({ AsyncSubject<Int>() }) { subject, token in
      Self.subscribeTwice(subject, token)
      subject.onNext(1)
    }
    #expect(watch.isFreed)
  }

  @Test func relaysWithSubscribersAreFreed() {
    let publish = Self.watch({ PublishRelay<Int>() }) { relay, token in
      Self.subscribeTwice(relay, token)
      relay.accept(1)
    }
    #expect(publish.isFreed)
    let behavior = Self.watch({ BehaviorRelay(value: 0) }) { relay, token in
      Self.subscribeTwice(relay, token)
      relay.accept(1)
    }
    #expect(behavior.isFreed)
    let replay = Self.watch({ ReplayRelay<Int>.create(bufferSize: 1) }) { relay, token in
      relay.accept(1)
      Self.subscribeTwice(relay, token)
    }
    #expect(replay.isFreed)
  }

  @Test func connectableWithSubscribersIsFreed() {
    // A connectable hands its subscribers to a subject of its own until it is connected.
    let publish = Self.watch({ Observable<Int>.never().publish() }) { connectable, token in
      Self.subscribeTwice(connectable, token)
    }
    #expect(publish.isFreed)
    let replay = Self.watch({ Observable<Int>.never().replay(1) }) { connectable, token in
      Self.subscribeTwice(connectable, token)
    }
    #expect(replay.isFreed)
  }

  @Test func disposingAfterTheSubjectIsFreedDoesNothingButRunOnDisposed() {
    expectNoLeaks {
      let watch = Watch<PublishSubject<Int>>()
      var received: [String] = []
      var subscriptions: [Disposable] = []
      do {
        let subject = PublishSubject<Int>()
        let token = Token()
        watch.subject = subject
        watch.token = token
        subscriptions.append(
          subject.subscribe(
            onNext: { value in withExtendedLifetime(token) { received.append("\(value)") } },
            onDisposed: { received.append("disposed") }))
        subscriptions.append(
          subject.map { $0 * 10 }.subscribe(
            onNext: { received.append("\($0)") }, onDisposed: { received.append("disposed") }))
        subject.onNext(1)
      }
      // The subscriber keeps its subscriptions, which do not keep the subject, and the
      // handlers go with the subject's observers; disposing later only runs `onDisposed`.
      #expect(watch.isFreed)
      for subscription in subscriptions { subscription.dispose() }
      for subscription in subscriptions { subscription.dispose() }
      expectEqual(received, ["1", "10", "disposed", "disposed"])
    }
  }

  /// The last reference to a subject and the disposal of one of its observers race on two
  /// threads; neither order may crash or touch freed memory.
  @Test(.timeLimit(.minutes(1))) func disposingRacesWithTheSubjectsRelease() {
    final class Holder: @unchecked Sendable {  // each field written by one thread only
      var subject: PublishSubject<Int>?
      var subscription: Disposable?
    }
    let received = Atomic<Int>(0)
    // Made in a function of its own, so that nothing but the holder keeps the subject.
    func makeHolder() -> Holder {
      let holder = Holder()
      let subject = PublishSubject<Int>()
      holder.subscription = subject.subscribe(onNext: { _ in
        received.add(1, ordering: .relaxed)
      })
      // Another observer, so that the removal changes the list rather than emptying it.
      _ = subject.subscribe(onNext: { _ in })
      holder.subject = subject
      return holder
    }
    for iteration in 0..<10_000 {
      let holder = makeHolder()
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          holder.subscription?.dispose()
          holder.subscription = nil
        } else {
          if iteration % 2 == 0 { holder.subject?.onNext(iteration) }
          holder.subject = nil
        }
      }
    }
    #expect(received.load(ordering: .relaxed) <= 5_000)
  }
}
