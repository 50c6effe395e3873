import Synchronization

/// A subject that replays the last `bufferSize` elements (or all of them) to each new observer,
/// then forwards every later event.
///
/// After a terminal event, new observers receive the buffered elements and then that event.
/// Thread-safe and re-entrancy-safe like `PublishSubject`; a new observer receives the buffer
/// before any element sent after it subscribed, even one sent from another thread meanwhile.
/// The buffer is replayed after the subject's lock is released, so a new observer may take
/// other locks from `onNext` while other threads send into the subject or subscribe to it.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType,
  Cancelable, @unchecked Sendable
{  // mutable state guarded by `lock`
  /// The observer side of the subject.
  public typealias SubjectObserverType = ReplaySubject<Element>

  /// `run`'s work, stored by the inlinable initializer where the element type is known, so
  /// that subscribing and unsubscribing run specialised although `run` is reached through the
  /// class's virtual table.
  @usableFromInline let subscribeBody:
    (ReplaySubject<Element>, @escaping EventSink<Element>, Lifetime) -> Disposable
  // Recursive, as the other subjects' locks; never held while calling an observer.
  @usableFromInline let lock: Lock
  @usableFromInline let observers: ObserverList<Element>
  @exclusivity(unchecked) @usableFromInline var buffer: [Element] = []
  @usableFromInline let bufferSize: Int
  @exclusivity(unchecked) @usableFromInline var stopEvent: Event<Element>?
  @exclusivity(unchecked) @usableFromInline var disposed = false

  @inlinable init(bufferSize: Int) {
    self.bufferSize = bufferSize
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
    if replay.isEmpty {
      let observer = observers.insert(sink, lifetime: lifetime)
      lock.unlock()
      return observer
    }
    // The observer joins now, so that it misses nothing, but what the subject sends to it
    // before the replay is over waits in the gate and follows the replay.
    let gate = ReplayGate(sink)
    let observer = observers.insert(gate.on, lifetime: lifetime)
    lock.unlock()
    for value in replay where !lifetime.isEnded { sink(.next(value)) }
    gate.endReplay()
    return observer
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

/// The observer of a subject while the subject replays its buffer to it outside its lock: an
/// event the subject sends meanwhile (from another thread, or from the observer itself) waits
/// here, in order, and is delivered after the replay, so the observer gets one call at a time
/// and the replay first.
@usableFromInline
final class ReplayGate<Element>: @unchecked Sendable {
  // `pending` is guarded by `lock`, which is never held while calling `sink`; `replaying` is
  // atomic and only cleared under `lock`; `sink` is immutable.
  @usableFromInline let lock = Lock()
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let replaying = Atomic<Bool>(true)
  @exclusivity(unchecked) @usableFromInline var pending = FIFO<Event<Element>>()

  @inlinable init(_ sink: @escaping EventSink<Element>) {
    self.sink = sink
  }

  /// Delivers `event`, or keeps it for after the replay.
  @inlinable func on(_ event: Event<Element>) {
    if replaying.load(ordering: .acquiring) {
      lock.lock()
      if replaying.load(ordering: .relaxed) {
        pending.append(event)
        lock.unlock()
        return
      }
      lock.unlock()
    }
    sink(event)
  }

  /// Delivers the events kept during the replay, then lets later ones through directly.
  @inlinable func endReplay() {
    while true {
      lock.lock()
      guard let event = pending.popFirst() else {
        replaying.store(false, ordering: .releasing)
        lock.unlock()
        return
      }
      lock.unlock()
      sink(event)
    }
  }
}
