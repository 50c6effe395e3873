/// A subject that emits only its last element, and only when it completes.
///
/// On completion, every observer receives the last element (if any) and `.completed`; on an
/// error, only the error. Observers that subscribe after the end receive the same at once.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType,
  @unchecked Sendable
{  // mutable state guarded by `lock`
  /// The observer side of the subject.
  public typealias SubjectObserverType = AsyncSubject<Element>

  /// `run`'s work, stored by the inlinable initializer where the element type is known, so
  /// that subscribing and unsubscribing run specialised although `run` is reached through the
  /// class's virtual table.
  @usableFromInline let subscribeBody:
    (AsyncSubject<Element>, @escaping EventSink<Element>, Lifetime) -> Disposable
  @usableFromInline let lock: Lock
  @usableFromInline let observers: ObserverList<Element>
  @exclusivity(unchecked) @usableFromInline var last: Element?
  @exclusivity(unchecked) @usableFromInline var stopEvent: Event<Element>?

  /// Creates a subject.
  @inlinable public override init() {
    subscribeBody = { $0.add($1, $2) }
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

  /// Remembers an element, or ends the subject and delivers the result.
  @inlinable public func on(_ event: Event<Element>) {
    lock.lock()
    guard stopEvent == nil else {
      lock.unlock()
      return
    }
    switch event {
    case .next(let value):
      last = value
      lock.unlock()
    case .error, .completed:
      stopEvent = event
      let snapshot = observers.removeAll()
      let value = event.isCompleted ? last : nil
      lock.unlock()
      if let value { ObserverList.deliver(.next(value), to: snapshot) }
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
    if let stopEvent {
      let value = stopEvent.isCompleted ? last : nil
      lock.unlock()
      if let value { sink(.next(value)) }
      sink(stopEvent)
      return Disposables.create()
    }
    let observer = observers.insert(sink, lifetime: lifetime)
    lock.unlock()
    return observer
  }

  /// Returns `self`.
  public func asObserver() -> AsyncSubject<Element> { self }
}
