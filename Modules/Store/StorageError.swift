/// Why a store could not read or write its files. Each case names the file.
///
/// A file that cannot be read as a store (``corrupt(path:reason:)``,
/// ``unsupportedVersion(path:found:supported:)``, ``tooLarge(path:size:limit:)``) makes
/// every read and write fail; the store never writes over it.
public enum StorageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file exists but is not what the store wrote: bad JSON, a missing or mistyped
  /// field, a checksum that does not match, a record that does not follow its predecessor.
  case corrupt(path: String, reason: String)
  /// The file (or its directory) cannot be read, for example for lack of permission.
  case unreadable(path: String, reason: String)
  /// The file has a schema version this code has no migration from.
  case unsupportedVersion(path: String, found: Int, supported: Int)
  /// The file is larger than the store agrees to read.
  case tooLarge(path: String, size: Int, limit: Int)
  /// A change could not be saved; the files still hold the previous data.
  case writeFailed(path: String, reason: String)
  /// The store's files cannot be written (a read-only file system, or files or a directory
  /// this process has no permission to write): the store can be read, but nothing is saved.
  /// The path is the directory; the reason names the file that could not be opened.
  case readOnly(path: String, reason: String)
  /// The store's directory is a file (or something else that is not a directory).
  case notADirectory(path: String)
  /// The store's directory does not exist and cannot be created (a parent is a file, or no
  /// one may write there): there is nothing to read, and nothing can be saved.
  case directoryNotCreated(path: String, reason: String)
  /// The snapshot was deleted after the store was opened, and the store's options say not to
  /// create it again (``StoreOptions/createsSnapshotAfterOpening``).
  case deleted(path: String)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .corrupt(let path, _), .unreadable(let path, _), .unsupportedVersion(let path, _, _),
      .tooLarge(let path, _, _), .writeFailed(let path, _), .readOnly(let path, _),
      .notADirectory(let path), .directoryNotCreated(let path, _), .deleted(let path):
      return path
    }
  }

  /// A sentence naming the file and what is wrong.
  public var description: String {
    switch self {
    case .corrupt(let path, let reason):
      return "\(path) is damaged: \(reason)"
    case .unreadable(let path, let reason):
      return "\(path) cannot be read: \(reason)"
    case .unsupportedVersion(let path, let found, let supported):
      return "\(path) has schema version \(found); this code reads versions up to \(supported)"
    case .tooLarge(let path, let size, let limit):
      return "\(path) is \(size) bytes, more than the \(limit) bytes the store reads"
    case .writeFailed(let path, let reason):
      return "\(path) could not be written: \(reason)"
    case .readOnly(let path, let reason):
      return "\(path) is read-only (\(reason)): it can be read, but nothing can be saved there"
    case .notADirectory(let path):
      return "\(path) is not a directory"
    case .directoryNotCreated(let path, let reason):
      return "the directory \(path) could not be created: \(reason)"
    case .deleted(let path):
      return "\(path) was deleted"
    }
  }

  /// The reason of a ``tooLarge(path:size:limit:)`` error as a phrase, for messages that
  /// name the file themselves.
  public static func tooLargeReason(size: Int, limit: Int) -> String {
    "it is \(size) bytes, more than the \(limit) bytes the store agrees to read"
  }
}
