// The only file of the module that calls the operating system directly: a JSON file that
// several processes share, each change written whole to a new file renamed over the old one
// under an exclusive `flock`. Everything here exists under the same names on Linux (Glibc
// or Musl) and on Apple platforms (Darwin).
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file-backed storage could not be used. The file is never overwritten when it cannot
/// be read: every operation fails until it is repaired or moved away.
public enum StorageFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file exists but is not what the storage writes: bad JSON, missing fields, or a
  /// format version this code does not know.
  case damaged(path: String, reason: String)
  /// The file (or its lock file) cannot be opened or read, for example for lack of
  /// permission.
  case unreadable(path: String, reason: String)
  /// A change could not be saved; the file still holds the previous version.
  case writeFailed(path: String, reason: String)
  /// The file's directory cannot be written (a read-only file system, a directory of
  /// another user): the file can be read, but no change can be saved.
  case readOnly(path: String, reason: String)

  /// A sentence saying what went wrong and where.
  public var description: String {
    switch self {
    case .damaged(let path, let reason):
      return "The file \(path) is damaged (\(reason)). It was left untouched: repair it, or "
        + "move it away to start again without its contents."
    case .unreadable(let path, let reason):
      return "The file \(path) cannot be read (\(reason))."
    case .writeFailed(let path, let reason):
      return "The change could not be saved to \(path) (\(reason)); the file still holds the "
        + "previous version."
    case .readOnly(let path, let reason):
      return "\(path) is read-only (\(reason)): it can be read, but no change can be saved."
    }
  }
}

/// A value kept as JSON in a file that several processes (and threads) share.
///
/// Each access takes an exclusive `flock` of a lock file beside it, so that reads and
/// changes of every process come one after the other. The value read is kept, with the
/// file it was read from open (so that its inode number is not given to a new file); the
/// file is read again only when another one took its place (device, inode, size or
/// modification time differ). A change is written to a temporary file, flushed, renamed over
/// the file and the directory flushed: a crash leaves the old file or the new one, whole.
/// Every file is readable and writable by its owner only.
///
/// In this process, accesses are serialised by a lock taken before the file lock; the only
/// code run while both are held is the body of ``modify(_:)``, which must take no lock.
///
/// When the lock file cannot be opened for writing (a read-only file system, a directory the
/// process may not write), the file is read under a shared lock of the lock file (or none,
/// when there is no lock file: then nothing writes it), and a change that must be saved
/// throws ``StorageFileError/readOnly(path:reason:)``.
final class SharedFile<Value: Codable & Equatable & Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: `loaded` is only touched with `lock` held.

  /// The file holding the value.
  let path: String
  /// The file whose `flock` guards `path`.
  let lockPath: String
  private let temporaryPath: String
  private let directoryPath: String
  private let empty: Value
  private let check: @Sendable (Value) -> String?
  private let lock = NSLock()
  private var loaded: Loaded?
  private let simulatedWriteFailure: Int32?

  /// The value as last read or written, with the file it came from.
  private struct Loaded {
    var file: Descriptor
    var identity: FileIdentity
    var value: Value
  }

  /// Creates access to the file `name` in `directory`, with `lockName` beside it.
  ///
  /// - Parameters:
  ///   - empty: The value while there is no file.
  ///   - check: The reason a decoded value cannot be used (a format version this code does
  ///     not know), or `nil`.
  ///   - simulatedWriteFailure: For tests: an `errno` value that every attempt to open the
  ///     lock file for writing fails with, as on a read-only file system.
  init(
    directory: URL, name: String, lockName: String, empty: Value,
    check: @escaping @Sendable (Value) -> String? = { _ in nil },
    simulatedWriteFailure: Int32? = nil
  ) {
    self.simulatedWriteFailure = simulatedWriteFailure
    let directory = directory.standardizedFileURL
    directoryPath = directory.path
    path = directory.appendingPathComponent(name, isDirectory: false).path
    lockPath = directory.appendingPathComponent(lockName, isDirectory: false).path
    temporaryPath = path + ".tmp"
    self.empty = empty
    self.check = check
  }

  /// Makes the file, if there is one, readable and writable by its owner only (a file that
  /// cannot be changed, on a read-only file system, stays as it is).
  func restrictAccess() throws(StorageFileError) {
    do {
      try System.call("chmod") { chmod(path, 0o600) }
    } catch  where error.code == ENOENT || Self.meansReadOnly(error.code) {
      return
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
  }

  /// Runs `body` with the newest value.
  func read<Result>(_ body: (Value) -> Result) throws(StorageFileError) -> Result {
    try exclusively { loaded, _ in body(loaded?.value ?? empty) }
  }

  /// Runs `body` on the newest value and saves what it leaves, unless that is unchanged.
  ///
  /// - Throws: ``StorageFileError/readOnly(path:reason:)`` when a change must be saved and the
  ///   file cannot be written; nothing is changed then.
  func modify<Result>(_ body: (inout Value) -> Result) throws(StorageFileError) -> Result {
    try exclusively {
      (loaded: inout Loaded?, readOnly: String?) throws(StorageFileError) -> Result in
      var value = loaded?.value ?? empty
      let result = body(&value)
      if value != (loaded?.value ?? empty) {
        if let readOnly { throw .readOnly(path: path, reason: readOnly) }
        try write(value, &loaded)
      }
      return result
    }
  }

  private static func meansReadOnly(_ code: Int32) -> Bool {
    code == EROFS || code == EACCES || code == EPERM
  }

  /// Runs `body` with the newest value loaded, holding this process's lock and the file lock
  /// (exclusive, or shared when the lock file cannot be written: `body` then gets the reason).
  private func exclusively<Result>(
    _ body: (inout Loaded?, String?) throws(StorageFileError) -> Result
  ) throws(StorageFileError) -> Result {
    lock.lock()
    defer { lock.unlock() }
    var lockFile: Descriptor?
    var readOnly: String?
    do throws(SystemFailure) {
      if let simulatedWriteFailure { throw SystemFailure("open", code: simulatedWriteFailure) }
      lockFile = Descriptor(try System.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC))
    } catch  where Self.meansReadOnly(error.code) {
      readOnly = "\(lockPath): \(error.reason)"
      do throws(SystemFailure) {
        lockFile = Descriptor(try System.open(lockPath, O_RDONLY | O_CLOEXEC))
      } catch  where error.code == ENOENT {
        // No lock file, and none can be made: no process writes the file.
      } catch {
        throw .unreadable(path: lockPath, reason: error.reason)
      }
    } catch {
      throw .unreadable(path: lockPath, reason: error.reason)
    }
    if let lockFile {
      do {
        try System.call("lock") { flock(lockFile.value, readOnly == nil ? LOCK_EX : LOCK_SH) }
      } catch {
        throw .unreadable(path: lockPath, reason: error.reason)
      }
    }
    defer { if let lockFile { _ = flock(lockFile.value, LOCK_UN) } }
    try catchUp()
    return try body(&loaded, readOnly)
  }

  /// Reads the file again when another took its place since it was last read.
  private func catchUp() throws(StorageFileError) {
    let file: Descriptor
    do {
      file = Descriptor(try System.open(path, O_RDONLY | O_CLOEXEC))
    } catch  where error.code == ENOENT {
      loaded = nil
      return
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
    do {
      let identity = try System.identity(of: file.value)
      if let loaded, loaded.identity == identity { return }
      let bytes = try System.readAll(file.value)
      let value: Value
      do {
        value = try Self.decoder.decode(Value.self, from: Data(bytes))
      } catch {
        throw StorageFileError.damaged(path: path, reason: Self.explain(error))
      }
      if let reason = check(value) { throw StorageFileError.damaged(path: path, reason: reason) }
      loaded = Loaded(file: file, identity: identity, value: value)
    } catch let error as StorageFileError {
      throw error
    } catch let error as SystemFailure {
      throw .unreadable(path: path, reason: error.reason)
    } catch {
      throw .unreadable(path: path, reason: "\(error)")
    }
  }

  /// Writes `value` to a new file renamed over the old one.
  private func write(_ value: Value, _ loaded: inout Loaded?) throws(StorageFileError) {
    let bytes: Data
    do {
      bytes = try Self.encoder.encode(value)
    } catch {
      throw .writeFailed(path: path, reason: "the value could not be encoded: \(error)")
    }
    do {
      let file = Descriptor(
        try System.open(temporaryPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC))
      // A temporary file left by a crash keeps its mode through `O_TRUNC`.
      try System.call("chmod") { fchmod(file.value, 0o600) }
      try System.writeAll(file.value, Array(bytes))
      try System.sync(file.value)
      try System.call("rename") { rename(temporaryPath, path) }
      try System.syncDirectory(directoryPath)
      loaded = Loaded(file: file, identity: try System.identity(of: file.value), value: value)
    } catch {
      _ = unlink(temporaryPath)
      throw .writeFailed(path: path, reason: error.reason)
    }
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }

  private static func explain(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return "no field \"\(key.stringValue)\" at \(location(context))"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return "a field of the wrong type at \(location(context))"
    case .dataCorrupted(let context)? where !context.codingPath.isEmpty:
      return "a field that is not valid at \(location(context))"
    default:
      return "not valid JSON"
    }
  }

  private static func location(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    return path.isEmpty ? "the top level" : path.joined(separator: ".")
  }
}

/// What identifies one version of a file: device, inode, size and modification time.
private struct FileIdentity: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int64
  var modifiedNanoseconds: Int64

  init(_ info: stat) {
    // `dev_t` is signed on Apple platforms and unsigned on Linux: keep the bits.
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
  }
}

/// An open file descriptor, closed when the last reference to it goes.
private final class Descriptor: Sendable {
  let value: Int32

  init(_ value: Int32) {
    self.value = value
  }

  deinit {
    _ = close(value)
  }
}

/// A failed system call: what was being done and the `errno` text.
private struct SystemFailure: Error {
  var code: Int32
  var operation: String

  init(_ operation: String, code: Int32 = errno) {
    self.operation = operation
    self.code = code
  }

  /// "open failed: Permission denied".
  var reason: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}

/// The system calls ``SharedFile`` makes, each retried on `EINTR`.
private enum System {
  /// Opens `path` with `flags`; a created file is readable and writable by its owner only.
  static func open(_ path: String, _ flags: Int32) throws(SystemFailure) -> Int32 {
    try call("open") {
      #if canImport(Darwin)
        Darwin.open(path, flags, mode_t(0o600))
      #elseif canImport(Glibc)
        Glibc.open(path, flags, mode_t(0o600))
      #elseif canImport(Musl)
        Musl.open(path, flags, mode_t(0o600))
      #endif
    }
  }

  static func identity(of descriptor: Int32) throws(SystemFailure) -> FileIdentity {
    var info = stat()
    try call("stat") { fstat(descriptor, &info) }
    return FileIdentity(info)
  }

  static func readAll(_ descriptor: Int32) throws(SystemFailure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = try call("read") {
        chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemFailure) {
    var offset = 0
    while offset < bytes.count {
      offset += try call("write") {
        bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      }
    }
  }

  /// Flushes an open file (or directory) to the disk; on Apple platforms with
  /// `F_FULLFSYNC` where the file system supports it, so that the drive's cache is
  /// flushed too.
  static func sync(_ descriptor: Int32) throws(SystemFailure) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    try call("fsync") { fsync(descriptor) }
  }

  static func syncDirectory(_ path: String) throws(SystemFailure) {
    let directory = Descriptor(try open(path, O_RDONLY | O_CLOEXEC))
    try sync(directory.value)
  }

  /// Runs a system call until it does not fail with `EINTR`; a negative result throws.
  @discardableResult
  static func call<Result: BinaryInteger>(
    _ operation: String, _ body: () -> Result
  ) throws(SystemFailure) -> Result {
    while true {
      let result = body()
      if result >= 0 { return result }
      if errno == EINTR { continue }
      throw SystemFailure(operation)
    }
  }
}
