import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

@testable import ReactiveCoreBase

/// How subjects deliver elements without a reference count per element: the observer array is
/// lent to the delivery, and any change made meanwhile works on a copy. These tests check that
/// a change during a delivery never disturbs it, and that what the change removed is freed as
/// soon as the delivery ends, not later.
@Suite struct SubjectDeliveryTests {
  /// An object whose only owner is an observer's closure, to tell when the observer is freed.
  final class Canary {}

  /// Whether the canary of an observer still lives.
  final class CanaryWatch {
    weak var canary: Canary?
    var isAlive: Bool { canary != nil }
  }

  /// Subscribes an observer that records "victim <element>" and alone owns a canary.
  static func subscribeVictim(
    to source: Observable<Int>, _ record: @escaping (String) -> Void
  ) -> (Disposable, CanaryWatch) {
    let canary = Canary()
    let watch = CanaryWatch()
    watch.canary = canary
    let subscription = source.subscribe(onNext: { value in
      withExtendedLifetime(canary) { record("victim \(value)") }
    })
    return (subscription, watch)
  }

  /// The three subjects that deliver elements to their observers as they arrive.
  static let subjects: [@Sendable () -> (observable: Observable<Int>, send: (Int) -> Void)] = [
    {
      let subject = PublishSubject<Int>()
      return (subject, subject.onNext)
    },
    {
      let subject = BehaviorSubject<Int>(value: 0)
      return (subject, subject.onNext)
    },
    {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      return (subject, subject.onNext)
    },
  ]

  @Test(arguments: 0..<3)
  func anObserverDisposedDuringADeliveryIsFreedWhenItEnds(kind: Int) {
    expectNoLeaks {
      let (subject, send) = Self.subjects[kind]()
      var log: [String] = []
      var (victim, watch): (Disposable?, CanaryWatch) = Self.subscribeVictim(to: subject) {
        log.append($0)
      }
      let killer = subject.subscribe(onNext: { value in
        log.append("killer \(value)")
        if value == 1 {
          victim?.dispose()
          victim = nil
        }
      })
      log = []
      send(1)
      // Only the array lent to the finished delivery held the victim; it is gone now.
      #expect(!watch.isAlive)
      send(2)
      killer.dispose()
      expectEqual(log, ["victim 1", "killer 1", "killer 2"])
    }
  }

  @Test(arguments: 0..<3)
  func anObserverLeavingDuringItsOwnDeliveryIsFreedWhenItEnds(kind: Int) {
    expectNoLeaks {
      let (subject, send) = Self.subjects[kind]()
      var log: [String] = []
      // Like `take(1)`: the observer ends its own subscription from inside `onNext`.
      let (_, watch) = Self.subscribeVictim(
        to: subject.take(until: { $0 == 1 }, behavior: .inclusive)
      ) { log.append($0) }
      send(1)
      #expect(!watch.isAlive)
      send(2)
      expectEqual(log.last, "victim 1")
    }
  }

  @Test(arguments: 0..<3)
  func nestedDeliveriesSeeEveryChangeInOrderAndFreeWhatLeft(kind: Int) {
    expectNoLeaks {
      let (subject, send) = Self.subjects[kind]()
      var log: [String] = []
      var victim: Disposable?
      var joiner: Disposable?
      let sender = subject.subscribe(onNext: { value in
        log.append("sender \(value)")
        // The nested delivery runs on a retained snapshot while the outer one holds the lent
        // array; it removes one observer and adds another.
        if value == 1 { send(10) }
        if value == 10 {
          victim?.dispose()
          victim = nil
          joiner = subject.subscribe(onNext: { log.append("joiner \($0)") })
        }
      })
      let watch: CanaryWatch
      (victim, watch) = Self.subscribeVictim(to: subject) { log.append($0) }
      log = []
      send(1)
      #expect(!watch.isAlive)
      send(2)
      sender.dispose()
      joiner?.dispose()
      // The victim left during the nested delivery, so the outer delivery does not reach it;
      // the joiner arrived during both, so it gets neither element (but a behavior or replay
      // subject gives it the latest one when it subscribes).
      let greeting = kind == 0 ? [] : ["joiner 10"]
      #expect(log == ["sender 1", "sender 10"] + greeting + ["sender 2", "joiner 2"])
    }
  }

  @Test func observersSubscribingDuringADeliveryGetOnlyLaterElements() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var log: [String] = []
      var joined: [Disposable] = []
      let host = subject.subscribe(onNext: { value in
        log.append("host \(value)")
        let name = "guest\(joined.count)"
        joined.append(subject.subscribe(onNext: { log.append("\(name) \($0)") }))
      })
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      host.dispose()
      for subscription in joined { subscription.dispose() }
      expectEqual(
        log,
        [
          "host 1", "host 2", "guest0 2", "host 3", "guest0 3", "guest1 3",
        ])
      #expect(!subject.hasObservers)
    }
  }

  /// A change can mark the retired array for the running delivery just after that delivery
  /// read its state, and the delivery's final store then clears the mark: the array must then
  /// be freed by the next element, not kept for the subject's whole life.
  @Test func anArrayRetiredTooLateForItsDeliveryIsFreedByTheNextElement() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let observers = subject.observers
      var (victim, watch): (Disposable?, CanaryWatch) = Self.subscribeVictim(to: subject) { _ in }
      var received: [Int] = []
      let survivor = subject.subscribe(onNext: { received.append($0) })
      // A lent delivery is running on another thread …
      subject.lock.withLock {
        observers.isLent = true
        observers.lending.store(ObserverList<Int>.runningBit, ordering: .relaxed)
      }
      // … while this thread disposes an observer, which retires the lent array …
      victim?.dispose()
      victim = nil
      expectEqual(subject.lock.withLock { observers.retired.count }, 1)
      // … and the delivery ends with a store that clears the mark.
      observers.lending.store(0, ordering: .releasing)
      #expect(watch.isAlive)
      subject.onNext(1)
      #expect(!watch.isAlive)
      #expect(subject.lock.withLock { observers.retired.isEmpty })
      subject.onNext(2)
      expectEqual(received, [1, 2])
      survivor.dispose()
    }
  }
}
