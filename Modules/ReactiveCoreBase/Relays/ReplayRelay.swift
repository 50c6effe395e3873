/// A `ReplaySubject` that only ever emits elements: it replays buffered elements to each new
/// observer and cannot fail or complete.
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
  // The subject is thread-safe.
  @usableFromInline let subject: ReplaySubject<Element>

  private init(subject: ReplaySubject<Element>) {
    self.subject = subject
  }

  /// Creates a relay that replays the last `bufferSize` elements.
  public static func create(bufferSize: Int) -> ReplayRelay<Element> {
    ReplayRelay(subject: .create(bufferSize: bufferSize))
  }

  /// Creates a relay that replays every element it ever accepted.
  public static func createUnbound() -> ReplayRelay<Element> {
    ReplayRelay(subject: .createUnbounded())
  }

  /// Buffers `event` and sends it to the observers.
  @inlinable public func accept(_ event: Element) { subject.on(.next(event)) }

  /// Subscribes `observer`; it receives the buffered elements, then each accepted one.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an observable.
  @inlinable public func asObservable() -> Observable<Element> { subject }
  /// Whether anyone is subscribed (`hasObservers` in `ReactiveCore`).
  package var relayHasObservers: Bool { subject.hasObservers }
}
