/// A subject that holds a current value: each new observer receives it first, then every
/// later event.
///
/// After a terminal event, new observers receive only that event. Thread-safe and
/// re-entrancy-safe like `PublishSubject`; a new observer receives the current value before
/// any element sent after it subscribed, even one sent from another thread meanwhile.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType,
  Cancelable, @unchecked Sendable
{  // mutable state guarded by `lock`
  /// The observer side of the subject.
  public typealias SubjectObserverType = BehaviorSubject<Element>

  // Recursive: a new observer receives the current value while the lock is held (so that an
  // element sent meanwhile from another thread cannot overtake it), and may send into the
  // subject from that call.
  /// `run`'s work, stored by the inlinable initializer where the element type is known, so
  /// that subscribing and unsubscribing run specialised although `run` is reached through the
  /// class's virtual table.
  @usableFromInline let subscribeBody:
    (BehaviorSubject<Element>, @escaping EventSink<Element>, Lifetime) -> Disposable
  @usableFromInline let lock: Lock
  @usableFromInline let observers: ObserverList<Element>
  @exclusivity(unchecked) @usableFromInline var current: Element
  @exclusivity(unchecked) @usableFromInline var stopEvent: Event<Element>?
  @exclusivity(unchecked) @usableFromInline var disposed = false

  /// Creates a subject holding `value`.
  @inlinable public init(value: Element) {
    current = value
    subscribeBody = { $0.add($1, $2) }
    lock = Lock(recursive: true)
    observers = ObserverList(lock: lock)
    super.init(startsTrampoline: false)
  }

  // The observers hold the list but not the subject, so the subject may go while some are
  // still subscribed: they are let go of, as in RxSwift, where the subject's observers are
  // released with it.
  deinit {
    observers.detach()
  }

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  /// Whether the subject was disposed.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// The current value. Throws `RxError.disposed` after `dispose()`, and the subject's error
  /// after it failed.
  public func value() throws -> Element {
    try lock.withLock {
      if disposed { throw RxError.disposed(object: self) }
      if case .error(let error) = stopEvent { throw error }
      return current
    }
  }

  /// Stores an element as the current value and sends it to the observers; a terminal event
  /// also removes them.
  @inlinable public func on(_ event: Event<Element>) {
    lock.lock()
    guard stopEvent == nil, !disposed else {
      lock.unlock()
      return
    }
    switch event {
    case .next(let value):
      current = value
      observers.deliverElement(event, unlocking: lock)
    case .error, .completed:
      stopEvent = event
      let snapshot = observers.removeAll()
      lock.unlock()
      ObserverList.deliver(event, to: snapshot)
    }
  }

  @inlinable override func run(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime)
    -> Disposable
  {
    subscribeBody(self, sink, lifetime)
  }

  /// Subscribes `sink`; `run`'s work, reached through `subscribeBody`.
  @inlinable func add(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) -> Disposable {
    lock.lock()
    if disposed {
      lock.unlock()
      sink(.error(RxError.disposed(object: self)))
      return Disposables.create()
    }
    if let stopEvent {
      lock.unlock()
      sink(stopEvent)
      return Disposables.create()
    }
    let observer = observers.insert(sink, lifetime: lifetime)
    sink(.next(current))
    lock.unlock()
    return observer
  }

  /// Returns `self`.
  public func asObserver() -> BehaviorSubject<Element> { self }

  /// Removes every observer; `value()` and later subscriptions fail with `RxError.disposed`.
  public func dispose() {
    lock.withLock {
      disposed = true
      _ = observers.removeAll()
      stopEvent = nil
    }
  }
}
