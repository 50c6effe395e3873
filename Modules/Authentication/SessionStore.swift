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
/// The sessions are kept by a ``SessionStorage``: in memory (the default), in a file, or in a
/// database several servers share. The store is thread-safe; its methods throw what the
/// storage throws.
///
/// ```swift
/// let sessions = SessionStore<Int>()
/// let token = try sessions.start(for: 1)        // send token.text to the client
/// try sessions.subject(for: token.text)         // 1, and the session is kept alive
/// try sessions.end(token.text)                  // logged out
/// ```
public final class SessionStore<Subject: Hashable & Sendable & Codable>: Sendable {
  /// One session as it is stored.
  public typealias Record = SessionRecord<Subject>

  /// How long a session lasts without being used: 30 days.
  public static var defaultInactivityLimit: Duration { .seconds(30 * 24 * 60 * 60) }

  /// How long a session lasts without being used.
  public let inactivityLimit: Duration
  /// How many live sessions one subject may have; starting one more ends its oldest.
  public let maximumPerSubject: Int
  /// How long after its last recorded use a session's use is recorded again: a use within
  /// this interval does not write, so that not every request writes to the storage.
  public let touchInterval: Duration
  /// Where the sessions are kept.
  public let storage: any SessionStorage<Subject>
  private let now: @Sendable () -> Date

  /// Creates a store over `storage`.
  ///
  /// - Parameters:
  ///   - storage: Where the sessions are kept.
  ///   - inactivityLimit: How long a session lasts without being used.
  ///   - maximumPerSubject: How many live sessions one subject may have (at least 1): 10.
  ///   - touchInterval: How often a session's use is written; by default a hundredth of
  ///     `inactivityLimit`, at most a minute.
  ///   - now: The clock; tests pass one they move by hand.
  public init(
    storage: any SessionStorage<Subject>, inactivityLimit: Duration = defaultInactivityLimit,
    maximumPerSubject: Int = 10, touchInterval: Duration? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.storage = storage
    self.inactivityLimit = inactivityLimit
    self.maximumPerSubject = max(1, maximumPerSubject)
    self.touchInterval = touchInterval ?? min(.seconds(60), inactivityLimit / 100)
    self.now = now
  }

  /// Creates a store in memory, empty or with saved sessions (expired ones are dropped).
  ///
  /// - Parameters:
  ///   - records: Sessions saved from ``records``.
  ///   - inactivityLimit: How long a session lasts without being used.
  ///   - maximumPerSubject: How many live sessions one subject may have (at least 1): 10.
  ///   - now: The clock; tests pass one they move by hand.
  public convenience init(
    records: [Record] = [], inactivityLimit: Duration = defaultInactivityLimit,
    maximumPerSubject: Int = 10, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    let expiredBefore = Self.expiredBefore(now(), limit: inactivityLimit)
    self.init(
      storage: MemorySessionStorage(
        records: records.filter { !$0.hasExpired(before: expiredBefore) }),
      inactivityLimit: inactivityLimit, maximumPerSubject: maximumPerSubject, now: now)
  }

  /// Starts a session for `subject` with a new token, which only the caller ever sees.
  ///
  /// Expired sessions are dropped first; when `subject` already has ``maximumPerSubject``
  /// live sessions, the one that started first ends.
  ///
  /// - Throws: `SecureRandomError` when the system gives no random bytes, or what the
  ///   storage throws.
  public func start(for subject: Subject) throws -> SessionToken {
    let token = try SessionToken.generate()
    let time = now()
    try storage.insert(
      Record(digest: token.digest, subject: subject, started: time, lastUsed: time),
      maximumPerSubject: maximumPerSubject, expiredBefore: expiredBefore(time))
    return token
  }

  /// Drops every expired session now, used or not.
  ///
  /// - Returns: How many sessions were dropped.
  @discardableResult
  public func sweepExpired() throws -> Int {
    try storage.removeExpired(before: expiredBefore(now()))
  }

  /// The subject of the live session of `token`, which counts as a use of it; `nil` when
  /// the token is malformed, unknown, ended or expired (an expired session is removed).
  public func subject(for token: String) throws -> Subject? {
    guard let token = SessionToken(token) else { return nil }
    let time = now()
    return try storage.use(
      digest: token.digest, at: time, expiredBefore: expiredBefore(time),
      touchInterval: touchInterval)
  }

  /// Ends the session of `token` (logging out); an unknown token is ignored.
  public func end(_ token: String) throws {
    guard let token = SessionToken(token) else { return }
    try storage.remove(digest: token.digest)
  }

  /// Ends every session of `subject`, for example after its password changed.
  public func endAll(for subject: Subject) throws {
    try storage.removeAll(for: subject)
  }

  /// The live sessions, by digest; expired ones are removed first.
  public var records: [Record] {
    get throws {
      try sweepExpired()
      return try storage.all().sorted { $0.digest < $1.digest }
    }
  }

  /// The `expiredBefore` of the storage's methods at `time`: a session last used
  /// ``inactivityLimit`` or longer ago has expired.
  private func expiredBefore(_ time: Date) -> Date {
    Self.expiredBefore(time, limit: inactivityLimit)
  }

  private static func expiredBefore(_ time: Date, limit: Duration) -> Date {
    // The first instant after `time - limit`: a session last used exactly then has expired.
    Date(
      timeIntervalSinceReferenceDate: time.addingTimeInterval(-seconds(limit))
        .timeIntervalSinceReferenceDate.nextUp)
  }
}
