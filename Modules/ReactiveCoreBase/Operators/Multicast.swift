import Synchronization

/// A sequence that shares one subscription to its source among all its observers, made only
/// when `connect()` is called.
public protocol ConnectableObservableType: ObservableType {
  /// Subscribes the shared subject to the source, unless already connected; disposing the
  /// result disconnects. Returns the current connection if there is one.
  func connect() -> Disposable
}

/// A sequence whose observers subscribe to a subject, which is fed by the source once
/// `connect()` is called (see `multicast`, `publish`, `replay`).
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType,
  @unchecked Sendable
{  // immutable; subclasses guard their own state
  @usableFromInline override init() { super.init(startsTrampoline: false) }

  /// Connects the source to the subject; see `ConnectableObservableType.connect()`.
  public func connect() -> Disposable {
    fatalError("ConnectableObservable.connect must be overridden")
  }
}

/// The connectable sequence made by `multicast`: observers subscribe to the current subject;
/// `connect()` subscribes that subject to the source.
///
/// When the source terminates or the connection is disposed, the connection ends and the
/// subject is forgotten, so the next connection gets a subject from `makeSubject` (the same
/// one again for `multicast(_:)`, a new one for `multicast(makeSubject:)`).
@usableFromInline
final class MulticastConnectable<Source, Subject: SubjectType>: ConnectableObservable<
  Subject.Element
>, @unchecked Sendable
where Subject.Observer.Element == Source {
  // `subject` and `connection` are guarded by `lock`.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let source: Observable<Source>
  @usableFromInline let makeSubject: () -> Subject
  @exclusivity(unchecked) @usableFromInline var subject: Subject?
  @exclusivity(unchecked) @usableFromInline var connection: MulticastConnection<Source, Subject>?
  /// Whether a connection that sees the source's terminal event disposes the source's
  /// subscription only after the subject delivered the event (as RxSwift's `share` does), rather
  /// than before (as its `multicast`, `publish` and `replay` do). Either way the connection is
  /// forgotten first, so an observer that resubscribes on that event starts afresh.
  @usableFromInline let disposesSourceAfterTerminal: Bool

  @inlinable init(
    source: Observable<Source>, makeSubject: @escaping () -> Subject,
    disposesSourceAfterTerminal: Bool = false
  ) {
    self.source = source
    self.makeSubject = makeSubject
    self.disposesSourceAfterTerminal = disposesSourceAfterTerminal
  }

  /// The current subject, made if there is none. Call with the lock held.
  @inlinable var currentSubject: Subject {
    if let subject { return subject }
    let made = makeSubject()
    subject = made
    return made
  }

  @inlinable override func run(
    _ sink: @escaping EventSink<Subject.Element>, _ lifetime: Lifetime
  ) -> Disposable {
    lock.lock()
    let subject = currentSubject
    lock.unlock()
    return subject.asObservable().run(sink, lifetime)
  }

  @inlinable override func connect() -> Disposable {
    lock.lock()
    if let connection {
      lock.unlock()
      return connection
    }
    let connection = MulticastConnection(self, currentSubject.asObserver())
    self.connection = connection
    lock.unlock()
    connection.setUpstream(source.runOnTrampoline({ connection.forward($0) }, connection))
    return connection
  }

  /// Forgets `connection` and the subject, if it is the current one.
  @inlinable func disconnect(_ connection: MulticastConnection<Source, Subject>) {
    lock.lock()
    if self.connection === connection {
      self.connection = nil
      subject = nil
    }
    lock.unlock()
  }
}

/// One connection of a `MulticastConnectable`: the source's subscription, feeding the subject.
/// It ends, and disconnects, when the source terminates or when it is disposed.
@usableFromInline
final class MulticastConnection<Source, Subject: SubjectType>: Lifetime, Disposable,
  @unchecked Sendable
where Subject.Observer.Element == Source {
  // `upstream` is published through the `assigned` bit, as in `Subscription`; the rest is
  // immutable.
  @usableFromInline let connectable: MulticastConnectable<Source, Subject>
  @usableFromInline let observer: Subject.Observer
  @usableFromInline let counter: ResourceTally?
  @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

  @inlinable init(_ parent: MulticastConnectable<Source, Subject>, _ observer: Subject.Observer) {
    connectable = parent
    self.observer = observer
    counter = ResourceTotals.acquire()
    super.init(parent: nil)
  }

  @inlinable func forward(_ event: Event<Source>) {
    if case .next = event {
      if state.load(ordering: .acquiring) & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0 {
        observer.on(event)
      }
      return
    }
    let old = state.bitwiseOr(Lifetime.stoppedBit, ordering: .acquiringAndReleasing).oldValue
    guard old & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0 else { return }
    // Disconnect first, so an observer that resubscribes on this event starts afresh.
    if connectable.disposesSourceAfterTerminal {
      connectable.disconnect(self)
      observer.on(event)
      dispose()
    } else {
      dispose()
      observer.on(event)
    }
  }

  @inlinable func setUpstream(_ disposable: Disposable) {
    if disposable.isNop {
      // Nothing to dispose later: skip storing it.
      state.bitwiseOr(Lifetime.assignedBit, ordering: .acquiringAndReleasing)
      return
    }
    upstream = disposable
    let old = state.bitwiseOr(Lifetime.assignedBit, ordering: .acquiringAndReleasing).oldValue
    if old & Lifetime.disposedBit != 0 {
      upstream = nil
      disposable.dispose()
    }
  }

  @inlinable func dispose() {
    let old = state.bitwiseOr(Lifetime.disposedBit, ordering: .acquiringAndReleasing).oldValue
    guard old & Lifetime.disposedBit == 0 else { return }
    connectable.disconnect(self)
    if old & Lifetime.assignedBit != 0, let upstream {
      self.upstream = nil
      upstream.dispose()
    }
    ResourceTotals.release(counter)
  }
}

extension ObservableType {
  /// A connectable sequence whose observers subscribe to `subject`, which `connect()`
  /// subscribes to this sequence.
  ///
  /// The same subject serves every connection, so after the source terminated, later
  /// observers get whatever that subject gives them after its end.
  @inlinable
  public func multicast<Subject: SubjectType>(_ subject: Subject)
    -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
  {
    MulticastConnectable(source: asObservable(), makeSubject: { subject })
  }

  /// A connectable sequence whose observers subscribe to a subject made by `makeSubject`;
  /// each connection gets a new subject once the previous connection ended.
  @inlinable
  public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject)
    -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
  {
    MulticastConnectable(source: asObservable(), makeSubject: makeSubject)
  }

  /// For each subscription, makes a subject with `subjectSelector`, lets `selector` build a
  /// sequence from that subject's side, subscribes to it, and then connects the subject to
  /// this sequence.
  ///
  /// An error thrown by either closure ends the result with that error. Disposing the result
  /// disposes both the subscription and the connection.
  @inlinable
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    Producer((asObservable(), subjectSelector, selector)) { payload, sink, lifetime in
      let (source, subjectSelector, selector) = payload
      let connectable: MulticastConnectable<Element, Subject>
      let result: Observable<Result>
      do {
        let subject = try subjectSelector()
        connectable = MulticastConnectable(source: source, makeSubject: { subject })
        result = try selector(connectable)
      } catch {
        sink(.error(error))
        return Disposables.create()
      }
      let subscription = result.run(sink, lifetime)
      let connection = connectable.connect()
      return Disposables.create(subscription, connection)
    }
  }

  /// `multicast` with a `PublishSubject`: observers get the elements sent after they
  /// subscribed, once connected.
  @inlinable
  public func publish() -> ConnectableObservable<Element> {
    multicast(PublishSubject())
  }

  /// `multicast` with a new `ReplaySubject` of `bufferSize` for each connection: observers
  /// first get up to that many earlier elements of the current connection (a reconnection
  /// starts with an empty buffer).
  @inlinable
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
  }

  /// `multicast` with a new unbounded `ReplaySubject` for each connection: observers first get
  /// every earlier element of the current connection (a reconnection starts with an empty
  /// buffer).
  @inlinable
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject.createUnbounded() })
  }
}

extension ConnectableObservableType {
  /// A sequence that connects this one when its first observer subscribes and disconnects it
  /// when the last one leaves.
  ///
  /// A terminal event from the shared subscription ends the connection: the next observer
  /// starts a new one. Observers that subscribe while connected share the connection.
  @inlinable
  public func refCount() -> Observable<Element> {
    Producer(RefCount(self)) { refCount, sink, lifetime in refCount.subscribe(sink, lifetime) }
  }
}

/// The shared state of one `refCount()` sequence: how many observers it has and the current
/// connection. `connectionID` changes each time a connection ends by a terminal event, so that
/// observers of an earlier connection do not count down the current one.
@usableFromInline
final class RefCount<Source: ConnectableObservableType>: @unchecked Sendable {
  // Mutable state guarded by `lock`.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let source: Source
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var connectionID = 0
  @exclusivity(unchecked) @usableFromInline var connection: Disposable?
  /// Whether a terminal event disposes the connection before the observers get it (as
  /// RxSwift's `refCount()` does); `share` leaves that to the connection, which disposes the
  /// source's subscription after delivering the event.
  @usableFromInline let disposesConnectionOnTerminal: Bool

  @inlinable init(_ source: Source, disposesConnectionOnTerminal: Bool = true) {
    self.source = source
    self.disposesConnectionOnTerminal = disposesConnectionOnTerminal
  }

  @inlinable func subscribe(_ sink: @escaping EventSink<Source.Element>, _ lifetime: Lifetime)
    -> Disposable
  {
    let observer = RefCountObserver(self)
    let upstream = source.asObservable().run(
      { [self] event in
        if event.isStopEvent {
          self.terminated(observer)
          sink(event)
          observer.dispose()
        } else {
          sink(event)
        }
      }, lifetime)
    lock.lock()
    if observer.disposed {
      lock.unlock()
      upstream.dispose()
      return observer
    }
    observer.upstream = upstream
    observer.connectionID = connectionID
    count += 1
    if count == 1 {
      let id = connectionID
      let made = source.connect()
      if connectionID == id {
        connection = made
      } else {
        // The connection ended while it was being made.
        made.dispose()
      }
    }
    lock.unlock()
    return observer
  }

  /// A terminal event reached `observer`: the connection it belongs to is over.
  @inlinable func terminated(_ observer: RefCountObserver<Source>) {
    lock.lock()
    var ended: Disposable?
    if observer.connectionID == connectionID {
      ended = connection
      connection = nil
      count = 0
      connectionID &+= 1
    }
    lock.unlock()
    if disposesConnectionOnTerminal { ended?.dispose() }
  }

  @inlinable func release(_ observer: RefCountObserver<Source>) {
    lock.lock()
    if observer.disposed {
      lock.unlock()
      return
    }
    observer.disposed = true
    let upstream = observer.upstream
    observer.upstream = nil
    var ended: Disposable?
    if observer.connectionID == connectionID {
      count -= 1
      if count == 0 {
        ended = connection
        connection = nil
      }
    }
    lock.unlock()
    upstream?.dispose()
    ended?.dispose()
  }
}

/// One observer of a `refCount()` sequence.
@usableFromInline
final class RefCountObserver<Source: ConnectableObservableType>: Disposable, @unchecked Sendable {
  // Mutable state guarded by `parent.lock`.
  @usableFromInline let parent: RefCount<Source>
  @exclusivity(unchecked) @usableFromInline var upstream: Disposable?
  @exclusivity(unchecked) @usableFromInline var connectionID = -1
  @exclusivity(unchecked) @usableFromInline var disposed = false

  @inlinable init(_ parent: RefCount<Source>) {
    self.parent = parent
  }

  @inlinable func dispose() {
    parent.release(self)
  }
}
