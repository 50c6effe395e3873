import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

/// How long one step of these tests may take before it counts as stuck. Every step takes
/// microseconds when nothing deadlocks.
private let patience = 2.0

private func deadline() -> DispatchTime { .now() + patience }

/// Runs `body` on a thread of its own and returns a semaphore signalled when it returned, so a
/// test can wait for it with a time limit and fail, instead of hanging, if it never returns.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  return done
}

/// A point inside a chain where the delivering thread stops, holding whatever locks the
/// operators above it hold there, until the test lets it go on. Only the first delivery after
/// `arm()` stops.
private final class Pause: Sendable {
  private let armed = Atomic<Bool>(false)
  private let reached = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let waitedInVain = Atomic<Bool>(false)

  func arm() { armed.store(true, ordering: .sequentiallyConsistent) }

  /// Called by the chain on the delivering thread.
  func hit() {
    guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
    reached.signal()
    if released.wait(timeout: deadline()) == .timedOut {
      waitedInVain.store(true, ordering: .relaxed)
    }
  }

  /// Whether a delivery stopped here in time.
  func waitUntilReached() -> Bool { reached.wait(timeout: deadline()) == .success }

  func release() { released.signal() }

  /// Whether the stopped delivery waited for `release()` until it gave up.
  var gaveUp: Bool { waitedInVain.load(ordering: .relaxed) }
}

/// A lock owned by no operator, standing in for one that user code takes.
private final class ForeignLock: Sendable {
  private let mutex = NSLock()

  func lock() { mutex.lock() }
  func unlock() { mutex.unlock() }

  /// Takes and releases the lock, waiting at most `patience`; returns whether it got it.
  func tryBriefly() -> Bool {
    guard mutex.lock(before: Date(timeIntervalSinceNow: patience)) else { return false }
    mutex.unlock()
    return true
  }
}

/// An operator that forwards while holding a lock of its own, built over the subject `b`, so
/// that `b.onNext` reaches the downstream synchronously from inside that operator.
struct LockingOperator: CustomTestStringConvertible, Sendable {
  let name: String
  let make: @Sendable (PublishSubject<Int>) -> Observable<Int>

  var testDescription: String { name }

  static let all: [LockingOperator] = [
    LockingOperator(name: "combineLatest") {
      Observable.combineLatest($0, BehaviorSubject(value: 0)) { $0 + $1 }
    },
    LockingOperator(name: "combineLatest of a collection") {
      Observable.combineLatest([$0.asObservable(), BehaviorSubject(value: 0).asObservable()]) {
        $0.reduce(0, +)
      }
    },
    LockingOperator(name: "zip") { b in
      // Each element of `b` finds a partner waiting.
      Observable.zip(b, Observable.from(0..<100).concat(Observable.never())) { $0 + $1 }
    },
    LockingOperator(name: "zip of a collection") { b in
      Observable.zip([b.asObservable(), Observable.from(0..<100).concat(Observable.never())]) {
        $0.reduce(0, +)
      }
    },
    LockingOperator(name: "withLatestFrom") { $0.withLatestFrom(BehaviorSubject(value: 0)) },
    LockingOperator(name: "take(until:)") { $0.take(until: PublishSubject<Int>()) },
    LockingOperator(name: "skip(until:)") { $0.skip(until: BehaviorSubject(value: 0)) },
    LockingOperator(name: "amb") { Observable.amb([$0.asObservable(), .never()]) },
    LockingOperator(name: "merge") { Observable.merge($0.asObservable(), .never()) },
    LockingOperator(name: "flatMap") { b in BehaviorSubject(value: 0).flatMap { _ in b } },
    LockingOperator(name: "flatMapFirst") { b in
      BehaviorSubject(value: 0).flatMapFirst { _ in b }
    },
    LockingOperator(name: "concatMap") { b in BehaviorSubject(value: 0).concatMap { _ in b } },
    LockingOperator(name: "flatMapLatest") { b in
      BehaviorSubject(value: 0).flatMapLatest { _ in b }
    },
    LockingOperator(name: "concat") { Observable.concat($0.asObservable(), .never()) },
    LockingOperator(name: "retry") { $0.map { $0 }.retry(3) },
    LockingOperator(name: "catch(sequence:)") {
      Observable.catch(sequence: [$0.asObservable(), .never()])
    },
  ]
}

/// How the test ends the chain below the operator, on a second thread, while a delivery is
/// stopped inside the operator.
enum Ending: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case completion, error, disposal

  var testDescription: String { rawValue }
}

/// No operator waits, when it is disposed, for a lock that a delivery on another thread holds,
/// and none calls out (a terminal event, the disposal of a source, a replay) while holding a
/// lock that another thread needs to make progress.
@Suite(.timeLimit(.minutes(1))) struct DeadlockTests {
  /// `a.withLatestFrom(operator(b))`: one thread delivers an element of `b` and stops inside
  /// the operator's delivery, holding its lock; another ends the result through `a` (or
  /// disposes it), which disposes the operator. That must not wait for the stopped delivery,
  /// which itself goes on to the result's lock once released.
  @Test(arguments: LockingOperator.all, Ending.allCases)
  func endingTheResultDoesNotWaitForADeliveryInsideAnOperatorAbove(
    _ upstream: LockingOperator, _ ending: Ending
  ) {
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    let pause = Pause()
    let recorder = Recorder<Int>()
    let subscription = recorder.record(
      a.withLatestFrom(upstream.make(b).do(onNext: { _ in pause.hit() })) { $0 * 1_000 + $1 })
    b.onNext(1)
    a.onNext(1)
    expectEqual(recorder.elements.count, 1, "the chain works before the race")
    pause.arm()
    let delivery = onAnotherThread { b.onNext(2) }
    guard pause.waitUntilReached() else {
      Issue.record("the delivery never reached the pause")
      return
    }
    let ender = onAnotherThread {
      switch ending {
      case .completion: a.onCompleted()
      case .error: a.onError(TestError())
      case .disposal: subscription.dispose()
      }
    }
    let endedInTime = ender.wait(timeout: deadline()) == .success
    pause.release()
    #expect(endedInTime, "ending the result waited for the delivery stopped in \(upstream.name)")
    expectEqual(delivery.wait(timeout: deadline()), .success, "the delivery never finished")
    #expect(!pause.gaveUp)
    guard endedInTime else { return }
    switch ending {
    case .completion: expectEqual(recorder.log.last, "completed")
    case .error: expectEqual(recorder.log.last, "error(boom)")
    case .disposal: expectEqual(recorder.log.count, 1)
    }
    subscription.dispose()
  }

  /// The chain the problem was first seen in: `a.withLatestFrom(combineLatest(b, c))`, one
  /// thread sending into `a` and completing it while another sends into `b`.
  @Test func withLatestFromOfCombineLatestCompletesWhileTheOtherSideSends() {
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    let c = PublishSubject<Int>()
    let pause = Pause()
    let recorder = Recorder<Int>()
    let subscription = recorder.record(
      a.withLatestFrom(
        Observable.combineLatest(b, c) { $0 + $1 }.do(onNext: { _ in pause.hit() })
      ) { $0 + $1 })
    c.onNext(0)
    b.onNext(0)
    pause.arm()
    let sender = onAnotherThread {
      for value in 1...100 { b.onNext(value) }
    }
    guard pause.waitUntilReached() else {
      Issue.record("the delivery never reached the pause")
      return
    }
    let completer = onAnotherThread {
      for value in 1...50 { a.onNext(value) }
      a.onCompleted()
    }
    let completedInTime = completer.wait(timeout: deadline()) == .success
    pause.release()
    #expect(completedInTime)
    expectEqual(sender.wait(timeout: deadline()), .success)
    expectEqual(recorder.log.count, 51)
    expectEqual(recorder.log.last, "completed")
    subscription.dispose()
  }

  /// An operator that ends one of its sources while the others go on disposes that source's
  /// subscription after releasing its lock: the disposal may take a lock that another thread
  /// holds while it sends into the operator.
  struct EndingOneSource: CustomTestStringConvertible, Sendable {
    let name: String
    /// Builds the operator over `ending`, the source that ends, and `going`, the one that is
    /// fed afterwards.
    let make: @Sendable (Observable<Int>, Observable<Int>) -> Observable<Int>
    var testDescription: String { name }

    static let all: [EndingOneSource] = [
      EndingOneSource(name: "zip") { Observable.zip($0, $1) { $0 + $1 } },
      EndingOneSource(name: "zip of a collection") { Observable.zip([$0, $1]).map { $0[0] } },
      EndingOneSource(name: "combineLatest") { Observable.combineLatest($0, $1) { $0 + $1 } },
      EndingOneSource(name: "withLatestFrom") { $1.withLatestFrom($0) },
      EndingOneSource(name: "merge") { Observable.merge($0, $1) },
    ]
  }

  @Test(arguments: EndingOneSource.all)
  func endingOneSourceDisposesItOutsideTheOperatorsLock(_ shape: EndingOneSource) {
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let foreign = ForeignLock()
    let foreignHeld = DispatchSemaphore(value: 0)
    let teardownStarted = DispatchSemaphore(value: 0)
    let tookForeignLock = Atomic<Bool>(false)
    // A source whose disposal takes the foreign lock.
    let ending = Observable<Int>.create { observer in
      let subscription = first.subscribe(observer)
      return Disposables.create {
        teardownStarted.signal()
        tookForeignLock.store(foreign.tryBriefly(), ordering: .relaxed)
        subscription.dispose()
      }
    }
    let subscription = shape.make(ending, second.asObservable()).subscribe()
    first.onNext(1)
    second.onNext(1)
    // Holds the foreign lock, then sends into the operator, which needs the operator's lock.
    let sender = onAnotherThread {
      foreign.lock()
      foreignHeld.signal()
      _ = teardownStarted.wait(timeout: deadline())
      second.onNext(2)
      foreign.unlock()
    }
    expectEqual(foreignHeld.wait(timeout: deadline()), .success)
    let completer = onAnotherThread { first.onCompleted() }
    expectEqual(completer.wait(timeout: deadline() + patience), .success)
    expectEqual(sender.wait(timeout: deadline()), .success)
    let disposedOutside = tookForeignLock.load(ordering: .relaxed)
    #expect(disposedOutside, "\(shape.name) disposed a source while holding its lock")
    subscription.dispose()
  }

  /// A new observer of a `ReplaySubject` receives the buffer outside the subject's lock: it may
  /// wait for a lock held by a thread that is itself about to subscribe to the subject.
  @Test func replaySubjectReplaysOutsideItsLock() {
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    subject.onNext(1)
    subject.onNext(2)
    let foreign = ForeignLock()
    let foreignHeld = DispatchSemaphore(value: 0)
    let replayStarted = DispatchSemaphore(value: 0)
    let tookForeignLock = Atomic<Bool>(false)
    let replayed = Recorder<Int>()
    let other = onAnotherThread {
      foreign.lock()
      foreignHeld.signal()
      _ = replayStarted.wait(timeout: deadline())
      subject.subscribe().dispose()
      foreign.unlock()
    }
    expectEqual(foreignHeld.wait(timeout: deadline()), .success)
    let subscriber = onAnotherThread {
      let subscription = subject.subscribe(onNext: { value in
        replayed.on(.next(value))
        guard value == 1 else { return }
        replayStarted.signal()
        tookForeignLock.store(foreign.tryBriefly(), ordering: .relaxed)
      })
      subscription.dispose()
    }
    expectEqual(subscriber.wait(timeout: deadline() + patience), .success)
    expectEqual(other.wait(timeout: deadline()), .success)
    let replayedOutside = tookForeignLock.load(ordering: .relaxed)
    #expect(replayedOutside, "the replay held the subject's lock")
    expectEqual(replayed.log, ["1", "2"])
  }

  /// What a `ReplaySubject` receives while it replays to a new observer reaches that observer
  /// after the replay, in order, and never during it.
  @Test func replaySubjectKeepsWhatArrivesDuringAReplayForAfterIt() {
    let subject = ReplaySubject<Int>.create(bufferSize: 3)
    for value in 1...3 { subject.onNext(value) }
    let recorder = Recorder<Int>()
    let inside = Atomic<Int>(0)
    let overlapped = Atomic<Bool>(false)
    let subscription = subject.subscribe(onNext: { value in
      if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
        overlapped.store(true, ordering: .relaxed)
      }
      recorder.on(.next(value))
      // The observer sends into the subject from inside the replay.
      if value == 1 { subject.onNext(4) }
      inside.subtract(1, ordering: .sequentiallyConsistent)
    })
    subject.onNext(5)
    expectEqual(recorder.log, ["1", "2", "3", "4", "5"])
    let didOverlap = overlapped.load(ordering: .relaxed)
    #expect(!didOverlap)
    subscription.dispose()
  }

  /// `delay` on a real scheduler: while the delayed element is being delivered (and its
  /// observer waits for the other thread to go on), an error from the upstream on another
  /// thread is accepted at once and delivered after the element.
  @Test func delayAcceptsAnErrorWhileItDeliversAnElement() {
    let source = PublishSubject<Int>()
    let elementArrived = DispatchSemaphore(value: 0)
    let errorSent = DispatchSemaphore(value: 0)
    let errorArrived = DispatchSemaphore(value: 0)
    let waitedForTheError = Atomic<Bool>(false)
    let recorder = Recorder<Int>()
    let scheduler = SerialDispatchQueueScheduler(qos: .default)
    let subscription = source.delay(.milliseconds(1), scheduler: scheduler).subscribe(
      onNext: { value in
        recorder.on(.next(value))
        elementArrived.signal()
        // Waits until the upstream's error was sent on the other thread.
        waitedForTheError.store(
          errorSent.wait(timeout: deadline()) == .success, ordering: .relaxed)
      },
      onError: { error in
        recorder.on(.error(error))
        errorArrived.signal()
      })
    let upstream = onAnotherThread {
      source.onNext(1)
      _ = elementArrived.wait(timeout: deadline())
      source.onError(TestError())
      errorSent.signal()
    }
    expectEqual(errorArrived.wait(timeout: deadline() + patience), .success)
    expectEqual(upstream.wait(timeout: deadline()), .success)
    let errorWentThrough = waitedForTheError.load(ordering: .relaxed)
    #expect(errorWentThrough, "onError blocked behind the delivery")
    expectEqual(recorder.log, ["1", "error(boom)"])
    subscription.dispose()
  }
}
