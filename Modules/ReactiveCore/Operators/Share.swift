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
  /// source reach every current observer.
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
      if replay == 0 { return multicast(makeSubject: { PublishSubject() }).refCount() }
      return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
    }
  }
}
