/// How long the subject behind `share(replay:scope:)` lives.
public enum SubjectLifetimeScope: Sendable {
  /// The subject lives as long as the connection to the source: when the last observer
  /// leaves, or the source terminates, the next observer starts afresh (a new subscription to
  /// the source and an empty replay buffer).
  case whileConnected
  /// One subject serves every connection: after the source terminated, later observers get
  /// the replayed elements and the terminal event, without a new subscription.
  case forever
}

extension ObservableType {
  /// Shares one subscription to this sequence among all observers, replaying the last `replay`
  /// elements to each new observer.
  ///
  /// The source is subscribed when the first observer subscribes and disposed when the last
  /// one leaves. `scope` says whether a later observer starts afresh (`.whileConnected`, the
  /// default) or gets what the one subject kept (`.forever`). Errors and completion of the
  /// source reach every current observer; with `.whileConnected`, the source's subscription is
  /// disposed after they did, as in RxSwift.
  @inlinable
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected)
    -> Observable<Element>
  {
    precondition(replay >= 0, "share(replay:) needs a count of zero or more")
    switch scope {
    case .forever:
      if replay == 0 { return multicast(PublishSubject()).refCount() }
      return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
    case .whileConnected:
      // As RxSwift's `share` does, a terminal event reaches the observers before the source's
      // subscription is disposed.
      let connectable: ConnectableObservable<Element>
      if replay == 0 {
        connectable = MulticastConnectable(
          source: asObservable(), makeSubject: { PublishSubject() },
          disposesSourceAfterTerminal: true)
      } else {
        connectable = MulticastConnectable(
          source: asObservable(), makeSubject: { ReplaySubject.create(bufferSize: replay) },
          disposesSourceAfterTerminal: true)
      }
      // RxSwift's sequences for a replay of 0 and 1 subscribe without its trampoline; for more,
      // its `share` is a `refCount()`, which subscribes through it.
      return Producer(
        RefCount(connectable, disposesConnectionOnTerminal: false), startsTrampoline: replay > 1
      ) { refCount, sink, lifetime in refCount.subscribe(sink, lifetime) }
    }
  }
}
