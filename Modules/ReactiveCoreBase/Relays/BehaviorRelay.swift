/// A `BehaviorSubject` that only ever emits elements: it holds a current value that each new
/// observer receives first, and it cannot fail or complete.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
  // The subject is thread-safe.
  @usableFromInline let subject: BehaviorSubject<Element>

  /// Creates a relay holding `value`.
  public init(value: Element) {
    subject = BehaviorSubject(value: value)
  }

  /// The current value.
  public var value: Element {
    // A relay's subject never fails and is never disposed, so `value()` cannot throw.
    try! subject.value()
  }

  /// Stores `event` as the current value and sends it to the observers.
  @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

  /// Subscribes `observer`; it receives the current value, then each accepted one.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an observable.
  @inlinable public func asObservable() -> Observable<Element> { subject }
  /// Whether anyone is subscribed (`hasObservers` in `ReactiveCore`).
  package var relayHasObservers: Bool { subject.hasObservers }
}
