/// A `PublishSubject` that only ever emits elements: it cannot fail or complete.
///
/// Relays suit state and user input in view models, where an error would end the screen.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
  // The subject is thread-safe.
  @usableFromInline let subject = PublishSubject<Element>()

  /// Creates a relay.
  public init() {}

  /// Sends `event` to the current observers.
  @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

  /// Subscribes `observer`; it receives the elements accepted from now on.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an observable.
  @inlinable public func asObservable() -> Observable<Element> { subject }
  /// Whether anyone is subscribed (`hasObservers` in `ReactiveCore`).
  package var relayHasObservers: Bool { subject.hasObservers }
}
