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

  @usableFromInline let lock = Lock()
  @usableFromInline var observers = ObserverList<Element>()
  @usableFromInline var stopEvent: Event<Element>?
  @usableFromInline var disposed = false

  /// Creates a subject.
  public override init() {}

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
      let snapshot = observers.entries
      lock.unlock()
      ObserverList.deliver(event, to: snapshot)
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
    let key = observers.insert(sink)
    lock.unlock()
    return SubjectSubscription(self, key)
  }

  @usableFromInline func unsubscribe(_ key: UInt64) {
    lock.withLock { observers.remove(key) }
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

/// Removes one observer from a subject when disposed.
@usableFromInline
final class SubjectSubscription<Subject: AnyObject>: Disposable, @unchecked Sendable {
  // Immutable but for the atomic flag, which makes the removal run once.
  @usableFromInline let done = Atomic<Bool>(false)
  @usableFromInline let subject: Subject
  @usableFromInline let key: UInt64
  @usableFromInline let remove: (Subject, UInt64) -> Void

  @inlinable init(_ subject: Subject, _ key: UInt64, remove: @escaping (Subject, UInt64) -> Void) {
    self.subject = subject
    self.key = key
    self.remove = remove
  }

  @inlinable func dispose() {
    if done.exchange(true, ordering: .acquiringAndReleasing) { return }
    remove(subject, key)
  }
}

extension SubjectSubscription {
  @inlinable convenience init<Element>(_ subject: PublishSubject<Element>, _ key: UInt64)
  where Subject == PublishSubject<Element> {
    self.init(subject, key) { $0.unsubscribe($1) }
  }
}
