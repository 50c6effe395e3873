import Foundation

/// Where a ``SessionStore`` keeps its sessions: in memory (``MemorySessionStorage``), in a
/// file beside the app's data, or in a database shared by several servers.
///
/// Every method may be called from any thread, and each is atomic with respect to every
/// other user of the same storage (other threads, and for a shared storage other processes
/// or machines). Only token digests are stored, never tokens.
///
/// A session has expired when it was last used before the `expiredBefore` the caller gives:
/// the store computes it from its clock and its inactivity limit, so that a storage needs
/// neither.
public protocol SessionStorage<Subject>: Sendable {
  /// Whom a session signs in: an account's identifier, say.
  associatedtype Subject: Hashable & Sendable & Codable

  /// Adds `record`; then, atomically with the insert, removes every session last used before
  /// `expiredBefore` and the oldest (by `started`, then digest) sessions of `record.subject`
  /// beyond `maximumPerSubject`.
  ///
  /// `record` itself counts as the newest of its subject's sessions: it is never the one
  /// removed, even when another session started at the same instant.
  func insert(_ record: SessionRecord<Subject>, maximumPerSubject: Int, expiredBefore: Date)
    throws

  /// The subject of the session with `digest` when it was last used at or after
  /// `expiredBefore` (an expired one is removed and gives nil); records `time` as its last
  /// use when the stored last use is older than `time - touchInterval`, so that not every
  /// request writes.
  func use(digest: String, at time: Date, expiredBefore: Date, touchInterval: Duration) throws
    -> Subject?

  /// Removes the session with `digest`; an unknown digest is ignored.
  func remove(digest: String) throws

  /// Removes every session of `subject`.
  func removeAll(for subject: Subject) throws

  /// Removes the sessions last used before `expiredBefore`; returns how many.
  func removeExpired(before expiredBefore: Date) throws -> Int

  /// Every stored session (for tests and tools), expired or not, in no particular order.
  func all() throws -> [SessionRecord<Subject>]
}

/// One session as a ``SessionStorage`` keeps it: the digest of its token, whom it signs in,
/// when it started and when it was last used.
public struct SessionRecord<Subject: Hashable & Sendable & Codable>: Hashable, Sendable,
  Codable
{
  /// ``SessionToken/digest`` of the session's token.
  public var digest: String
  /// Whom the session signs in.
  public var subject: Subject
  /// When the session started: of a subject's sessions, the one that started first ends
  /// first when there are too many.
  public var started: Date
  /// When the session was last used (or started).
  public var lastUsed: Date

  /// Creates a record.
  public init(digest: String, subject: Subject, started: Date, lastUsed: Date) {
    self.digest = digest
    self.subject = subject
    self.started = started
    self.lastUsed = lastUsed
  }
}

extension SessionRecord {
  /// Whether the session was last used before `expiredBefore`.
  public func hasExpired(before expiredBefore: Date) -> Bool {
    lastUsed < expiredBefore
  }

  /// Whether `self` started before `other`: by start time, then by digest, so that the order
  /// is the same in every storage.
  public func startedBefore(_ other: Self) -> Bool {
    (started, digest) < (other.started, other.digest)
  }
}

/// Sessions kept in this process's memory: restarting the process ends them all. Thread-safe.
public final class MemorySessionStorage<Subject: Hashable & Sendable & Codable>: SessionStorage,
  @unchecked Sendable
{
  // `@unchecked Sendable`: `sessions` is only touched with `lock` held, and no other code
  // runs while it is held.
  private let lock = NSLock()
  private var sessions: [String: SessionRecord<Subject>]

  /// Creates a storage holding `records` (expired or not: they are removed when next used or
  /// swept).
  public init(records: [SessionRecord<Subject>] = []) {
    sessions = Dictionary(records.map { ($0.digest, $0) }, uniquingKeysWith: { $1 })
  }

  public func insert(
    _ record: SessionRecord<Subject>, maximumPerSubject: Int, expiredBefore: Date
  ) {
    lock.withLock {
      sessions = sessions.filter { !$0.value.hasExpired(before: expiredBefore) }
      sessions[record.digest] = record
      for digest in Self.beyondCap(
        of: record, in: Array(sessions.values), maximumPerSubject: maximumPerSubject)
      {
        sessions[digest] = nil
      }
    }
  }

  public func use(
    digest: String, at time: Date, expiredBefore: Date, touchInterval: Duration
  ) -> Subject? {
    lock.withLock { () -> Subject? in
      guard let record = sessions[digest] else { return nil }
      if record.hasExpired(before: expiredBefore) {
        sessions[digest] = nil
        return nil
      }
      if record.lastUsed < time.addingTimeInterval(-seconds(touchInterval)) {
        sessions[digest]?.lastUsed = time
      }
      return record.subject
    }
  }

  public func remove(digest: String) {
    _ = lock.withLock { sessions.removeValue(forKey: digest) }
  }

  public func removeAll(for subject: Subject) {
    lock.withLock { sessions = sessions.filter { $0.value.subject != subject } }
  }

  public func removeExpired(before expiredBefore: Date) -> Int {
    lock.withLock {
      let before = sessions.count
      sessions = sessions.filter { !$0.value.hasExpired(before: expiredBefore) }
      return before - sessions.count
    }
  }

  public func all() -> [SessionRecord<Subject>] {
    lock.withLock { Array(sessions.values) }
  }

  /// The digests of the sessions of `record`'s subject to remove once `record` is in:
  /// the oldest others, so that `maximumPerSubject` remain, `record` among them.
  static func beyondCap(
    of record: SessionRecord<Subject>, in records: [SessionRecord<Subject>],
    maximumPerSubject: Int
  ) -> [String] {
    let others = records.filter { $0.subject == record.subject && $0.digest != record.digest }
    let excess = others.count - (max(1, maximumPerSubject) - 1)
    guard excess > 0 else { return [] }
    return others.sorted { $0.startedBefore($1) }.prefix(excess).map(\.digest)
  }
}

/// A duration in seconds, as a `TimeInterval`.
func seconds(_ duration: Duration) -> TimeInterval {
  let (seconds, attoseconds) = duration.components
  return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
}
