// The only file of the module that calls the operating system directly: opening, reading,
// writing, syncing, renaming and locking files. Everything here exists under the same names
// on Linux (Glibc or Musl) and on Apple platforms (Darwin); the few differences are marked.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: what was being done and the `errno` text.
struct POSIXFailure: Error {
  /// The system error number.
  var code: Int32
  /// What was being done, for example "open".
  var operation: String

  init(_ operation: String, code: Int32 = errno) {
    self.operation = operation
    self.code = code
  }

  /// Whether the failure means that the file does not exist.
  var isNoSuchFile: Bool { code == ENOENT }

  /// "open failed: Permission denied".
  var reason: String {
    "\(operation) failed: \(String(cString: strerror(code)))"
  }
}

/// What identifies one version of a file: device, inode, size and modification time.
///
/// Every write replaces the store file by renaming a new file over it, so a new version has
/// a new inode. The store keeps the file of the version it loaded open, which stops the
/// system from giving that inode number to a later file; comparing identities therefore
/// tells reliably whether the file was replaced.
struct FileIdentity: Equatable, Sendable {
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

/// Thin wrappers over the system calls the store needs, each retried on `EINTR` and
/// throwing ``POSIXFailure``.
enum POSIXFile {
  /// Opens a file for reading.
  static func openForReading(_ path: String) throws(POSIXFailure) -> Int32 {
    try retrying("open") { open(path, O_RDONLY | O_CLOEXEC) }
  }

  /// Creates (or truncates) a file for writing, readable and writable by its owner only.
  static func createForWriting(_ path: String) throws(POSIXFailure) -> Int32 {
    try retrying("create") {
      open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(0o600))
    }
  }

  /// Opens (creating it if needed) a file used only for locking.
  static func openLockFile(_ path: String) throws(POSIXFailure) -> Int32 {
    try retrying("open lock file") {
      open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
    }
  }

  /// Closes a descriptor, ignoring errors (nothing useful can be done about them).
  static func close(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = Darwin.close(descriptor)
    #elseif canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #endif
  }

  /// The identity of an open file.
  static func identity(of descriptor: Int32) throws(POSIXFailure) -> FileIdentity {
    var info = stat()
    _ = try retrying("stat") { fstat(descriptor, &info) }
    return FileIdentity(info)
  }

  /// The identity of the file at a path, or `nil` if there is no file there.
  static func identity(atPath path: String) throws(POSIXFailure) -> FileIdentity? {
    var info = stat()
    do {
      _ = try retrying("stat") { stat(path, &info) }
    } catch  where error.isNoSuchFile {
      return nil
    }
    return FileIdentity(info)
  }

  /// Reads an open file from its current offset to its end.
  static func readAll(_ descriptor: Int32, sizeHint: Int) throws(POSIXFailure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096)))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure("read")
      }
      if result == 0 { break }
      count += result
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Writes all of `data` to an open file.
  static func writeAll(_ descriptor: Int32, _ data: Data) throws(POSIXFailure) {
    let failure: POSIXFailure? = data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let result = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if result < 0 {
          if errno == EINTR { continue }
          return POSIXFailure("write")
        }
        offset += result
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// Flushes an open file (or directory) to the disk.
  static func sync(_ descriptor: Int32) throws(POSIXFailure) {
    _ = try retrying("fsync") { fsync(descriptor) }
  }

  /// Flushes a directory's entries (a rename in it, for example) to the disk.
  static func syncDirectory(_ path: String) throws(POSIXFailure) {
    let descriptor = try retrying("open directory") { open(path, O_RDONLY | O_CLOEXEC) }
    defer { close(descriptor) }
    try sync(descriptor)
  }

  /// Atomically replaces the file at `destination` with the file at `source`.
  static func rename(_ source: String, over destination: String) throws(POSIXFailure) {
    #if canImport(Darwin)
      _ = try retrying("rename") { Darwin.rename(source, destination) }
    #elseif canImport(Glibc)
      _ = try retrying("rename") { Glibc.rename(source, destination) }
    #elseif canImport(Musl)
      _ = try retrying("rename") { Musl.rename(source, destination) }
    #endif
  }

  /// Removes a file if it exists.
  static func removeIfPresent(_ path: String) {
    _ = unlink(path)
  }

  /// Blocks until this descriptor holds the exclusive lock of its file.
  ///
  /// `flock` locks belong to the open file, so two descriptors opened separately exclude
  /// each other even inside one process.
  static func lockExclusive(_ descriptor: Int32) throws(POSIXFailure) {
    _ = try retrying("lock") { flock(descriptor, LOCK_EX) }
  }

  /// Releases a lock taken with ``lockExclusive(_:)``.
  static func unlock(_ descriptor: Int32) {
    _ = flock(descriptor, LOCK_UN)
  }

  /// Runs a system call until it does not fail with `EINTR`; a negative result throws.
  private static func retrying<Result: BinaryInteger>(
    _ operation: String, _ call: () -> Result
  ) throws(POSIXFailure) -> Result {
    while true {
      let result = call()
      if result >= 0 { return result }
      if errno == EINTR { continue }
      throw POSIXFailure(operation)
    }
  }
}
