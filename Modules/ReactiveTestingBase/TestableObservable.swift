import ReactiveCoreBase

/// An observable that emits recorded events on a `TestScheduler` and records its subscriptions.
///
/// It is an `ObservableType`, not an `Observable`: subscribing an observer to it directly does
/// not go through an operator, so nothing disposes that subscription when the events end, and
/// its record stays open (`Subscription(100)`) until it is disposed. Through `asObservable()`
/// or any operator, the subscription is disposed at the terminal event and its record closes
/// there.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
  // Used by the thread that drives the scheduler; `recordedEvents` is immutable.
  /// The scheduler the events are emitted on (`testScheduler` in `ReactiveTesting`).
  @usableFromInline package let owningScheduler: TestScheduler
  /// The events this observable emits, with their times.
  public let recordedEvents: [Recorded<Event<Element>>]
  /// Each subscription so far, with its subscription and disposal times.
  public var subscriptions: [Subscription] { subscriptionRecords }

  @usableFromInline @exclusivity(unchecked) var subscriptionRecords: [Subscription] = []

  @inlinable init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    owningScheduler = scheduler
    self.recordedEvents = recordedEvents
  }

  /// Subscribes `observer`; each kind of test observable defines what it receives.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    fatalError("TestableObservable.subscribe must be overridden")
  }

  /// Records a subscription made now and returns its index.
  @inlinable final func recordSubscription() -> Int {
    subscriptionRecords.append(Subscription(owningScheduler.clock))
    return subscriptionRecords.count - 1
  }

  /// Closes the record of subscription `index` now.
  @inlinable final func recordDisposal(_ index: Int) {
    subscriptionRecords[index] = Subscription(
      subscriptionRecords[index].subscribe, owningScheduler.clock)
  }
}

/// Emits each recorded event at its absolute time to the observers subscribed then.
@usableFromInline
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
  // Used by the thread that drives the scheduler.
  @usableFromInline let observers = HotObservers<Element>()

  @inlinable override init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    super.init(scheduler: scheduler, recordedEvents: recordedEvents)
    let observers = self.observers
    _ = scheduler.scheduleAbsoluteVirtual(atEach: recordedEvents.map(\.time)) { index in
      observers.deliver(recordedEvents[index].value)
    }
  }

  @inlinable override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let key = observers.insert((observer as? AnyObserver<Element>) ?? AnyObserver(observer))
    let index = recordSubscription()
    return Disposables.create { [weak self] in
      guard let self else { return }
      self.observers.remove(key)
      self.recordDisposal(index)
    }
  }
}

/// The observers of a hot test observable, shared with its scheduled events (which must not
/// keep the observable, and through it the scheduler, alive).
@usableFromInline
final class HotObservers<Element>: @unchecked Sendable {
  // Used by the thread that drives the scheduler.
  @usableFromInline @exclusivity(unchecked) var entries:
    [(key: Int, observer: AnyObserver<Element>)] = []
  @usableFromInline @exclusivity(unchecked) var nextKey = 0

  @inlinable init() {}

  @inlinable func insert(_ observer: AnyObserver<Element>) -> Int {
    let key = nextKey
    nextKey += 1
    entries.append((key, observer))
    return key
  }

  @inlinable func remove(_ key: Int) {
    entries.removeAll { $0.key == key }
  }

  @inlinable func deliver(_ event: Event<Element>) {
    for entry in entries { entry.observer.on(event) }
  }
}

/// Emits the recorded events to each subscriber, at times counted from its subscription.
@usableFromInline
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
  @inlinable override init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
    super.init(scheduler: scheduler, recordedEvents: recordedEvents)
  }

  @inlinable override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let index = recordSubscription()
    let now = owningScheduler.clock
    let events = recordedEvents
    let scheduled = owningScheduler.scheduleAbsoluteVirtual(atEach: events.map { now + $0.time }) {
      position in
      observer.on(events[position].value)
    }
    return Disposables.create { [weak self] in
      self?.recordDisposal(index)
      scheduled.dispose()
    }
  }
}
