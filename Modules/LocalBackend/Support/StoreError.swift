import Foundation
import Models
import Services
import Store

/// Why a store operation failed.
///
/// The file problems (`corrupt`, `unreadable`, `unsupportedVersion`, `writeFailed`,
/// `readOnly`) name the file and what is wrong with it. When the store file cannot be read as a store, the
/// store refuses every write too, so the file stays exactly as it was for the user to
/// inspect or repair.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The file exists but is not a valid store: bad JSON or missing or mistyped fields.
  case corrupt(path: String, reason: String)
  /// The file (or its directory) cannot be read, for example for lack of permission.
  case unreadable(path: String, reason: String)
  /// The file was written by a version of the app whose format this one does not know.
  case unsupportedVersion(path: String, found: Int, supported: Int)
  /// A change could not be saved; the file on disk still holds the previous version.
  case writeFailed(path: String, reason: String)
  /// The data directory at the path cannot be written (a read-only file system, or files of
  /// another user): the data can be read, but every change is refused. The reason names the
  /// file that could not be opened for writing.
  case readOnly(path: String, reason: String)
  /// The data directory is a file, so it cannot hold the data files.
  case notADirectory(path: String)
  /// The data directory does not exist and cannot be created (a parent is a file, or no one
  /// may write there), so there is no data to read and nowhere to save.
  case directoryNotCreated(path: String, reason: String)
  /// The data file was deleted after the store was opened. The store creates no new one
  /// while it runs: opening the store again (the app's next start) does.
  case deleted(path: String)
  /// No record of the kind named (`note`, say: a collection's record type) has this
  /// identifier.
  case notFound(Int, record: String)
  /// The email address or the password does not match the account.
  case wrongPassword
  /// Too many wrong passwords for the account: no login is tried for this many seconds.
  case tooManyAttempts(retryAfter: Int)
  /// The input breaks a rule; the message says which and is meant for the user.
  case invalidInput(String)
  /// The record of the kind named with this identifier was changed since the revision the
  /// change started from.
  case changedElsewhere(Int, record: String)
  /// The engine that keeps the data cannot be reached right now (a database server that is
  /// down or overloaded, a storage that failed): nothing changed, and the same request may
  /// succeed shortly. The text says what failed, for the log.
  case unavailable(String)

  /// A sentence for the user saying what went wrong and, for file problems, where.
  public var description: String {
    switch self {
    case .corrupt(let path, let reason):
      return "The data file \(path) is damaged (\(reason)). It was left untouched: "
        + "repair it, or move it away to start again with demo data."
    case .unreadable(let path, let reason):
      return "The data file \(path) cannot be read (\(reason))."
    case .unsupportedVersion(let path, let found, let supported):
      return "The data file \(path) has format version \(found), but this version of the app "
        + "reads only version \(supported). It was left untouched."
    case .writeFailed(let path, let reason):
      return "The change could not be saved to \(path) (\(reason)); the file still holds the "
        + "previous data."
    case .readOnly(let path, let reason):
      return "The data in \(path) is read-only (\(reason)): it can be read, but nothing can be "
        + "saved there."
    case .notADirectory(let path):
      return "The data directory \(path) is not a directory, so it cannot hold the data "
        + "files. It was left untouched."
    case .directoryNotCreated(let path, let reason):
      return "The data directory \(path) could not be created (\(reason)), so there is no "
        + "data to read and nowhere to save it."
    case .deleted(let path):
      return "The data file \(path) was deleted. Nothing can be read or saved until it is put "
        + "back; the next start creates it again with demo data."
    case .notFound(let id, let record):
      return "No \(record) has the id \(id)."
    case .wrongPassword, .tooManyAttempts:
      // The words every backend uses, so a person sees the same whichever answers.
      return serviceError.description
    case .invalidInput(let message):
      return message
    case .changedElsewhere(let id, let record):
      return "\(record) \(id) was changed elsewhere"
    case .unavailable(let reason):
      return "The data cannot be reached right now (\(reason)); try again shortly."
    }
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }

  /// Whether this error is about the store file itself rather than about the request.
  public var isFileProblem: Bool {
    switch self {
    case .corrupt, .unreadable, .unsupportedVersion, .writeFailed, .readOnly, .notADirectory,
      .directoryNotCreated, .deleted:
      return true
    case .wrongPassword, .tooManyAttempts, .invalidInput, .notFound, .changedElsewhere,
      .unavailable:
      return false
    }
  }
}

extension StoreError {
  /// What this error says of the data: `nil` when it is about a request, or a save that
  /// failed while the file can still be read.
  public var dataStatus: DataStatus? {
    switch self {
    case .corrupt, .unreadable, .unsupportedVersion, .notADirectory, .directoryNotCreated:
      return .unreadable(message: description)
    case .deleted: return .deleted(message: description)
    case .writeFailed, .readOnly, .wrongPassword, .tooManyAttempts, .invalidInput, .notFound,
      .changedElsewhere, .unavailable:
      return nil
    }
  }
}

extension StoreError {
  /// The error the service protocols speak for this one, with the same sentence (but for a
  /// wrong password, which every backend reports as ``ServiceError/wrongCredentials``): what
  /// the embedded backend's calls fail with.
  public var serviceError: ServiceError {
    switch self {
    case .corrupt, .unreadable, .unsupportedVersion, .writeFailed, .readOnly, .notADirectory,
      .directoryNotCreated, .deleted, .unavailable:
      return .storage(description)
    case .notFound(let id, _): return .notFound(id: id)
    case .changedElsewhere(let id, _): return .changedElsewhere(id: id)
    case .wrongPassword: return .wrongCredentials
    case .tooManyAttempts(let seconds): return .tooManyAttempts(retryAfter: seconds)
    case .invalidInput(let message): return .invalid(message)
    }
  }
}

extension StoreError: StorageErrorRepresentable {
  /// The app's error for a problem of the store's files.
  public init(storage: StorageError) {
    switch storage {
    case .corrupt(let path, let reason): self = .corrupt(path: path, reason: reason)
    case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
    case .unsupportedVersion(let path, let found, let supported):
      self = .unsupportedVersion(path: path, found: found, supported: supported)
    case .tooLarge(let path, let size, let limit):
      self = .unreadable(path: path, reason: StorageError.tooLargeReason(size: size, limit: limit))
    case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
    case .readOnly(let path, let reason): self = .readOnly(path: path, reason: reason)
    case .notADirectory(let path): self = .notADirectory(path: path)
    case .directoryNotCreated(let path, let reason):
      self = .directoryNotCreated(path: path, reason: reason)
    case .deleted(let path): self = .deleted(path: path)
    }
  }
}

extension StoreError: NotFoundReporting {
  /// Whether this is ``notFound(_:)``.
  public var isNotFound: Bool {
    if case .notFound = self { return true }
    return false
  }
}
