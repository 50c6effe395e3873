import Foundation

/// The signed-in sessions of a server: which subject (an account's identifier, say) each
/// token stands for. Tokens are kept only as their SHA-256 digests; a session ends when it
/// has not been used for ``inactivityLimit``, when it is ended (logging out), or when its
/// subject starts more than ``maximumPerSubject`` sessions (the oldest one ends).
///
/// Expired sessions are dropped when they are next used, and all of them whenever a session
/// starts or ``sweepExpired()`` is called, so sessions that are never used again do not
/// accumulate.
///
/// The store is in memory and thread-safe; ``records`` and ``init(records:inactivityLimit:now:)``
/// let its owner save and restore it.
///
/// ```swift
/// let sessions = SessionStore<Int>()
/// let token = sessions.start(for: 1)        // send token.text to the client
/// sessions.subject(for: token.text)             // 1, and the session is kept alive
/// sessions.end(token.text)                      // logged out
/// ```
public final class SessionStore<Subject: Hashable & Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: `sessions` is only touched with `lock` held; the rest is
  // immutable.

  /// One session as it can be saved: the token's digest, its subject, when it started and
  /// when it was last used.
  public struct Record: Hashable, Sendable {
    /// ``SessionToken/digest`` of the session's token.
    public var digest: String
    /// Whom the session signs in.
    public var subject: Subject
    /// When the session was started or last used.
    public var lastUsed: Date
    /// When the session was started: of a subject's sessions, the one that started first
    /// ends first when there are too many.
    public var started: Date

    /// Creates a record; a record without a start time started when it was last used.
    public init(digest: String, subject: Subject, lastUsed: Date, started: Date? = nil) {
      self.digest = digest
      self.subject = subject
      self.lastUsed = lastUsed
      self.started = started ?? lastUsed
    }
  }

  /// How long a session lasts without being used: 30 days.
  public static var defaultInactivityLimit: Duration { .seconds(30 * 24 * 60 * 60) }

  /// How long a session lasts without being used.
  public let inactivityLimit: Duration
  /// How many live sessions one subject may have; starting one more ends its oldest.
  public let maximumPerSubject: Int
  private let now: @Sendable () -> Date
  private let lock = NSLock()
  private var sessions: [String: Record] = [:]

  /// Creates a store, empty or with saved sessions (expired ones are dropped).
  ///
  /// - Parameters:
  ///   - records: Sessions saved from ``records``.
  ///   - inactivityLimit: How long a session lasts without being used.
  ///   - maximumPerSubject: How many live sessions one subject may have (at least 1): 10.
  ///   - now: The clock; tests pass one they move by hand.
  public init(
    records: [Record] = [], inactivityLimit: Duration = .seconds(30 * 24 * 60 * 60),
    maximumPerSubject: Int = 10, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.inactivityLimit = inactivityLimit
    self.maximumPerSubject = max(1, maximumPerSubject)
    self.now = now
    let time = now()
    for record in records where !Self.hasExpired(record, at: time, limit: inactivityLimit) {
      sessions[record.digest] = record
    }
  }

  /// Starts a session for `subject` with a new token, which only the caller ever sees.
  ///
  /// Expired sessions are dropped first; when `subject` already has ``maximumPerSubject``
  /// live sessions, the one that started first ends.
  public func start(for subject: Subject) -> SessionToken {
    let token = SessionToken.generate()
    let time = now()
    let record = Record(digest: token.digest, subject: subject, lastUsed: time, started: time)
    lock.withLock {
      removeExpired(at: time)
      let own = sessions.values.filter { $0.subject == subject }
      if own.count >= maximumPerSubject {
        let oldest = own.sorted { ($0.started, $0.digest) < ($1.started, $1.digest) }
        for ended in oldest.prefix(own.count - maximumPerSubject + 1) {
          sessions[ended.digest] = nil
        }
      }
      sessions[record.digest] = record
    }
    return token
  }

  /// Drops every expired session now, used or not.
  ///
  /// - Returns: How many sessions were dropped.
  @discardableResult
  public func sweepExpired() -> Int {
    let time = now()
    return lock.withLock { removeExpired(at: time) }
  }

  /// The subject of the live session of `token`, which counts as a use of it; `nil` when
  /// the token is malformed, unknown, ended or expired (an expired session is removed).
  public func subject(for token: String) -> Subject? {
    guard let token = SessionToken(token) else { return nil }
    let digest = token.digest
    let time = now()
    return lock.withLock { () -> Subject? in
      guard let record = sessions[digest] else { return nil }
      if Self.hasExpired(record, at: time, limit: inactivityLimit) {
        sessions[digest] = nil
        return nil
      }
      sessions[digest]?.lastUsed = max(record.lastUsed, time)
      return record.subject
    }
  }

  /// Ends the session of `token` (logging out); an unknown token is ignored.
  public func end(_ token: String) {
    guard let token = SessionToken(token) else { return }
    let digest = token.digest
    lock.withLock { sessions[digest] = nil }
  }

  /// Ends every session of `subject`, for example after its password changed.
  public func endAll(for subject: Subject) {
    lock.withLock { sessions = sessions.filter { $0.value.subject != subject } }
  }

  /// The live sessions, to save; expired ones are removed first.
  public var records: [Record] {
    let time = now()
    return lock.withLock {
      removeExpired(at: time)
      return sessions.values.sorted { $0.digest < $1.digest }
    }
  }

  /// Drops the sessions expired at `time`; called with `lock` held.
  @discardableResult
  private func removeExpired(at time: Date) -> Int {
    let before = sessions.count
    sessions = sessions.filter { !Self.hasExpired($0.value, at: time, limit: inactivityLimit) }
    return before - sessions.count
  }

  private static func hasExpired(_ record: Record, at time: Date, limit: Duration) -> Bool {
    time.timeIntervalSince(record.lastUsed) >= seconds(limit)
  }
}

/// A duration in seconds, as a `TimeInterval`.
func seconds(_ duration: Duration) -> TimeInterval {
  let (seconds, attoseconds) = duration.components
  return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
}
