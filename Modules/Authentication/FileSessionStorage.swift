import Foundation

/// Sessions kept in a file, `sessions.json` in a directory (the app's data directory), so
/// that they survive restarts, and that several server processes using the directory share
/// them: a session started by one is accepted by the others, and a logout in one ends it in
/// all.
///
/// Each operation reads the file again only when another process changed it, and writes a
/// change whole to a new file renamed into place, under an exclusive lock of `sessions.lock`
/// (see the type's documentation in the code: ``SharedFile``). The file holds token digests
/// only, never tokens, and is readable by its owner only (mode 0600).
///
/// **A damaged file** (not JSON, missing fields, an unknown format version) is never
/// overwritten: opening the storage, and every later operation, fails with
/// ``StorageFileError/damaged(path:reason:)`` naming the file, until it is repaired or
/// moved away (which ends every session).
public final class FileSessionStorage<Subject: Hashable & Sendable & Codable>: SessionStorage {
  /// The name of the file in the directory.
  public static var fileName: String { "sessions.json" }
  /// The name of the lock file beside it.
  public static var lockFileName: String { "sessions.lock" }

  /// The file's path.
  public var path: String { file.path }
  private let file: SharedFile<Contents>

  /// What the file holds.
  private struct Contents: Codable, Equatable, Sendable {
    static var currentVersion: Int { 1 }

    var version = currentVersion
    var sessions: [SessionRecord<Subject>] = []
  }

  /// Opens the sessions of `directory`, which must exist; a missing file is an empty one,
  /// created by the first session. An existing file that others may read is made readable
  /// by its owner only.
  ///
  /// In a directory that cannot be written (a read-only file system), the sessions are read
  /// and used, but none can start or end: those calls throw
  /// ``StorageFileError/readOnly(path:reason:)``, and a use that would record the time of
  /// the session's last request records nothing.
  ///
  /// - Parameter simulatedWriteFailure: For tests: an `errno` value (`EROFS`, `EACCES`) that
  ///   every attempt to open the lock file for writing fails with, which tests running as root
  ///   cannot otherwise arrange.
  /// - Throws: ``StorageFileError`` when the file is damaged or cannot be read.
  public init(directory: URL, simulatedWriteFailure: Int32? = nil) throws(StorageFileError) {
    file = SharedFile(
      directory: directory, name: Self.fileName, lockName: Self.lockFileName,
      empty: Contents(),
      check: { contents in
        contents.version == Contents.currentVersion
          ? nil
          : "format version \(contents.version), but this version reads only version "
            + "\(Contents.currentVersion)"
      }, simulatedWriteFailure: simulatedWriteFailure)
    try file.restrictAccess()
    try file.read { _ in }
  }

  public func insert(
    _ record: SessionRecord<Subject>, maximumPerSubject: Int, expiredBefore: Date
  ) throws {
    try file.modify { contents in
      var sessions = contents.sessions.filter {
        !$0.hasExpired(before: expiredBefore) && $0.digest != record.digest
      }
      sessions.append(record)
      let ended = Set(
        MemorySessionStorage.beyondCap(
          of: record, in: sessions, maximumPerSubject: maximumPerSubject))
      contents.sessions = sessions.filter { !ended.contains($0.digest) }
    }
  }

  public func use(
    digest: String, at time: Date, expiredBefore: Date, touchInterval: Duration
  ) throws -> Subject? {
    let touchBefore = time.addingTimeInterval(-seconds(touchInterval))
    // A use within the touch interval changes nothing, and nothing is written; one past it
    // in a read-only directory is answered from the file as it is.
    do {
      return try touch(digest: digest, at: time, expiredBefore: expiredBefore, before: touchBefore)
    } catch StorageFileError.readOnly {
      return try file.read { contents in
        contents.sessions.first {
          $0.digest == digest && !$0.hasExpired(before: expiredBefore)
        }?.subject
      }
    }
  }

  private func touch(digest: String, at time: Date, expiredBefore: Date, before touchBefore: Date)
    throws(StorageFileError) -> Subject?
  {
    try file.modify { contents -> Subject? in
      guard let index = contents.sessions.firstIndex(where: { $0.digest == digest }) else {
        return nil
      }
      let record = contents.sessions[index]
      if record.hasExpired(before: expiredBefore) {
        contents.sessions.remove(at: index)
        return nil
      }
      if record.lastUsed < touchBefore { contents.sessions[index].lastUsed = time }
      return record.subject
    }
  }

  public func remove(digest: String) throws {
    try file.modify { contents in contents.sessions.removeAll { $0.digest == digest } }
  }

  public func removeAll(for subject: Subject) throws {
    try file.modify { contents in contents.sessions.removeAll { $0.subject == subject } }
  }

  public func removeExpired(before expiredBefore: Date) throws -> Int {
    try file.modify { contents in
      let before = contents.sessions.count
      contents.sessions.removeAll { $0.hasExpired(before: expiredBefore) }
      return before - contents.sessions.count
    }
  }

  public func all() throws -> [SessionRecord<Subject>] {
    try file.read { contents in contents.sessions }
  }
}
