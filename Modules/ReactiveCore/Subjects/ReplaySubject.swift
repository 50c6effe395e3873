/// A subject that replays the last `bufferSize` elements (or all of them) to each new observer,
/// then forwards every later event.
///
/// After a terminal event, new observers receive the buffered elements and then that event.
/// Thread-safe and re-entrancy-safe like `PublishSubject`; a new observer receives the buffer
/// before any element sent after it subscribed, even one sent from another thread meanwhile.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType,
  Cancelable, @unchecked Sendable
{  // mutable state guarded by `lock`
  /// The observer side of the subject.
  public typealias SubjectObserverType = ReplaySubject<Element>

  // Recursive: a new observer receives the buffer while the lock is held (so that an element
  // sent meanwhile from another thread cannot overtake it), and may send into the subject
  // from those calls.
  /// `run`'s work, stored by the inlinable initializer where the element type is known, so
  /// that subscribing and unsubscribing run specialised although `run` is reached through the
  /// class's virtual table.
  @usableFromInline let subscribeBody:
    (ReplaySubject<Element>, @escaping EventSink<Element>, Lifetime) -> Disposable
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let observers = ObserverList<Element>()
  @exclusivity(unchecked) @usableFromInline var buffer: [Element] = []
  @usableFromInline let bufferSize: Int
  @exclusivity(unchecked) @usableFromInline var stopEvent: Event<Element>?
  @exclusivity(unchecked) @usableFromInline var disposed = false

  @inlinable init(bufferSize: Int) {
    self.bufferSize = bufferSize
    subscribeBody = { $0.add($1, $2) }
  }

  /// Creates a subject that replays the last `bufferSize` elements.
  @inlinable public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    precondition(bufferSize >= 0, "ReplaySubject bufferSize must not be negative")
    return ReplaySubject(bufferSize: bufferSize)
  }

  /// Creates a subject that replays every element it ever received.
  @inlinable public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(bufferSize: .max)
  }

  /// Whether any observer is subscribed.
  public var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

  /// Whether the subject was disposed.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Buffers an element and sends it to the observers; a terminal event also removes them.
  @inlinable public func on(_ event: Event<Element>) {
    lock.lock()
    guard stopEvent == nil, !disposed else {
      lock.unlock()
      return
    }
    switch event {
    case .next(let value):
      if bufferSize > 0 {
        buffer.append(value)
        if buffer.count > bufferSize { buffer.removeFirst(buffer.count - bufferSize) }
      }
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
    let replay = buffer
    if let stopEvent {
      lock.unlock()
      for value in replay where !lifetime.isEnded { sink(.next(value)) }
      if !lifetime.isEnded { sink(stopEvent) }
      return Disposables.create()
    }
    let observer = observers.insert(sink) { [self] in self.removeObserver($0) }
    for value in replay where !lifetime.isEnded { sink(.next(value)) }
    lock.unlock()
    return observer
  }

  @inlinable func removeObserver(_ observer: SubjectObserver<Element>) {
    lock.withLock { observers.remove(observer) }
  }

  /// Returns `self`.
  public func asObserver() -> ReplaySubject<Element> { self }

  /// Removes every observer and the buffer; later subscriptions receive `RxError.disposed`.
  public func dispose() {
    lock.withLock {
      disposed = true
      _ = observers.removeAll()
      buffer = []
      stopEvent = nil
    }
  }
}
