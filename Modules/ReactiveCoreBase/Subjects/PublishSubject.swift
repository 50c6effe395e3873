import Synchronization

/// A subject that forwards each event to the observers subscribed at that moment.
///
/// Observers that subscribe after a terminal event receive that event at once. Thread-safe:
/// events may be sent from any thread (though never concurrently, by the Rx grammar), and an
/// observer may send into the same subject from inside its own `onNext` (the nested event is
/// delivered before the outer delivery continues).
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType,
  Cancelable, @unchecked Sendable
{  // mutable state guarded by `lock`
  /// The observer side of the subject.
  public typealias SubjectObserverType = PublishSubject<Element>

  /// `run`'s work, stored by the inlinable initializer where the element type is known, so
  /// that subscribing and unsubscribing run specialised although `run` is reached through the
  /// class's virtual table.
  @usableFromInline let subscribeBody:
    (
      PublishSubject<Element>, @escaping EventSink<Element>, SubscriptionHandlers<Element>?,
      Lifetime
    ) -> Disposable
  @usableFromInline let lock: Lock
  @usableFromInline let observers: ObserverList<Element>
  @exclusivity(unchecked) @usableFromInline var stopEvent: Event<Element>?
  @exclusivity(unchecked) @usableFromInline var disposed = false

  /// Creates a subject.
  @inlinable public override init() {
    subscribeBody = { $0.add($1, handlers: $2, $3) }
    lock = Lock()
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

  /// Sends `event` to the current observers; a terminal event also removes them, and every
  /// later event is ignored.
  @inlinable public func on(_ event: Event<Element>) {
    lock.lock()
    guard stopEvent == nil, !disposed else {
      lock.unlock()
      return
    }
    if case .next = event {
      observers.deliverElement(event, unlocking: lock)
    } else {
      stopEvent = event
      let snapshot = observers.removeAll()
      lock.unlock()
      ObserverList.deliver(event, to: snapshot)
    }
  }

  @inlinable override func run(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime)
    -> Disposable
  {
    subscribeBody(self, sink, nil, lifetime)
  }

  @inlinable override func runFinal(
    _ handlers: SubscriptionHandlers<Element>, _ sink: @escaping EventSink<Element>,
    _ lifetime: Lifetime
  ) -> Disposable {
    subscribeBody(self, sink, handlers, lifetime)
  }

  /// Subscribes `sink`, which forwards to `handlers` if they are given; the work of `run` and
  /// `runFinal`, reached through `subscribeBody`.
  @inlinable func add(
    _ sink: @escaping EventSink<Element>, handlers: SubscriptionHandlers<Element>?,
    _ lifetime: Lifetime
  ) -> Disposable {
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
    let observer = observers.insert(sink, handlers: handlers, lifetime: lifetime)
    lock.unlock()
    return observer
  }

  /// Returns `self`.
  public func asObserver() -> PublishSubject<Element> { self }

  /// Removes every observer; later subscriptions receive `RxError.disposed`.
  public func dispose() {
    lock.withLock {
      disposed = true
      _ = observers.removeAll()
      stopEvent = nil
    }
  }
}
