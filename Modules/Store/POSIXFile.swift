// The only file of the module that calls the operating system directly: opening, reading,
// writing, syncing, truncating, renaming and locking files. Everything here exists under the same names
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

  /// Whether the failure means that the file cannot be written by this process: a read-only
  /// file system, or no permission.
  var meansReadOnly: Bool { code == EROFS || code == EACCES || code == EPERM }

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
  /// Whether `other` is the same file (device and inode), whatever its size or time.
  func isSameFile(as other: FileIdentity) -> Bool {
    device == other.device && inode == other.inode
  }

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

  /// Creates (or truncates) a file for writing (and reading), readable and writable by its
  /// owner only.
  static func createForWriting(_ path: String) throws(POSIXFailure) -> Int32 {
    try retrying("create") {
      open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(0o600))
    }
  }

  /// Gives the file at `path` a second name, `newPath`, unless that name exists.
  static func link(_ path: String, as newPath: String) throws(POSIXFailure) {
    #if canImport(Darwin)
      let result = Darwin.link(path, newPath)
    #elseif canImport(Glibc)
      let result = Glibc.link(path, newPath)
    #elseif canImport(Musl)
      let result = Musl.link(path, newPath)
    #endif
    if result != 0, errno != EEXIST { throw POSIXFailure("link") }
  }

  /// Opens an existing file for reading and writing at chosen offsets.
  static func openForUpdating(_ path: String) throws(POSIXFailure) -> Int32 {
    try retrying("open") { open(path, O_RDWR | O_CLOEXEC) }
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
    var bytes: [UInt8] = []
    while true {
      // Room for the rest of the file (as large again, when it grew), filled by `read`
      // without being zeroed first.
      let room = max(sizeHint - bytes.count, bytes.count, 4096) + 1
      var failure: POSIXFailure?
      var atEnd = false
      let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
        if bytes.isEmpty, room >= CRC32.twoThreadsFrom {
          // A large file (a snapshot) is read in two halves side by side: the copies, and
          // the faults of the new memory, take half as long.
          do throws(POSIXFailure) {
            count = try readInHalves(descriptor, into: buffer)
          } catch {
            failure = error
            return
          }
        }
        while count < room {
          let result = read(descriptor, buffer.baseAddress! + count, room - count)
          if result < 0 {
            if errno == EINTR { continue }
            failure = POSIXFailure("read")
            return
          }
          if result == 0 {
            atEnd = true
            return
          }
          count += result
        }
      }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if let failure { throw failure }
      if atEnd { return bytes }
    }
  }

  /// Fills `buffer` from the file's offset, or as much of it as the file holds, reading its
  /// two halves on two threads, and moves the file's offset past what was read; returns how
  /// many bytes were read.
  private static func readInHalves(
    _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>
  )
    throws(POSIXFailure) -> Int
  {
    let start = lseek(descriptor, 0, SEEK_CUR)
    guard start >= 0 else { throw POSIXFailure("seek") }
    let half = buffer.count / 2
    let base = buffer.baseAddress!
    // Bytes read into each half, or -1 after a failure; then each half's `errno`.
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: 4)
    defer { counts.deallocate() }
    nonisolated(unsafe) let shared = counts
    nonisolated(unsafe) let memory = base
    let size = buffer.count
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let (offset, wanted) = index == 0 ? (0, half) : (half, size - half)
      var done = 0
      var failure: Int32 = 0
      while done < wanted {
        let result = pread(
          descriptor, memory + offset + done, wanted - done, off_t(Int(start) + offset + done))
        if result < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if result == 0 { break }
        done += result
      }
      shared[index] = failure == 0 ? done : -1
      shared[index + 2] = Int(failure)
    }
    for index in 0..<2 where counts[index] < 0 {
      throw POSIXFailure("read", code: Int32(counts[index + 2]))
    }
    // A first half cut short means the file ends there, and nothing after it was read.
    let count = counts[0] < half ? counts[0] : half + counts[1]
    guard lseek(descriptor, start + off_t(count), SEEK_SET) >= 0 else {
      throw POSIXFailure("seek")
    }
    return count
  }

  /// Reads `count` bytes of an open file from `offset` (fewer if the file ends first),
  /// without moving the file's offset.
  static func readBytes(from descriptor: Int32, at offset: Int, count: Int) throws(POSIXFailure)
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: max(count, 0))
    var done = 0
    while done < bytes.count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw POSIXFailure("read")
      }
      if result == 0 { break }
      done += result
    }
    bytes.removeSubrange(done...)
    return bytes
  }

  /// Writes all of `bytes` to an open file at its current offset.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(POSIXFailure) {
    let failure: POSIXFailure? = bytes.withUnsafeBytes { buffer in
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

  /// Writes all of `bytes` to an open file from `offset`, without moving the file's offset.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int) throws(POSIXFailure) {
    let failure: POSIXFailure? = bytes.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let result = pwrite(
          descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
        if result < 0 {
          if errno == EINTR { continue }
          return POSIXFailure("write")
        }
        done += result
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// Cuts an open file to `size` bytes.
  static func truncate(_ descriptor: Int32, to size: Int) throws(POSIXFailure) {
    _ = try retrying("truncate") { ftruncate(descriptor, off_t(size)) }
  }

  /// Flushes an open file (or directory) to the disk.
  ///
  /// On Apple platforms `fsync` only hands the data to the drive, which may keep it in its
  /// cache; `F_FULLFSYNC` asks the drive to write it out. Where a file system does not
  /// support that request, `fsync` is the best there is.
  static func sync(_ descriptor: Int32) throws(POSIXFailure) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    _ = try retrying("fsync") { fsync(descriptor) }
  }

  /// Flushes the bytes of an open file to the disk, with its size but without the metadata
  /// that reading it back does not need (its modification time): `fdatasync`. When the file
  /// kept its size and its blocks were written before, that leaves the file system's own
  /// journal out of the flush, which is what makes a write into space written in advance
  /// cheap.
  ///
  /// Apple platforms have no `fdatasync`: `F_FULLFSYNC` (or `fsync`, where the file system
  /// does not support it) flushes everything there, as ``sync(_:)`` does.
  static func syncData(_ descriptor: Int32) throws(POSIXFailure) {
    #if canImport(Darwin)
      try sync(descriptor)
    #else
      _ = try retrying("fdatasync") { fdatasync(descriptor) }
    #endif
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

  /// Takes the exclusive lock of this descriptor's file if no one holds a lock of it;
  /// returns whether it did, without waiting.
  static func tryLockExclusive(_ descriptor: Int32) throws(POSIXFailure) -> Bool {
    while true {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
      if errno == EINTR { continue }
      if errno == EWOULDBLOCK { return false }
      throw POSIXFailure("lock")
    }
  }

  /// Blocks until this descriptor holds a shared lock of its file.
  static func lockShared(_ descriptor: Int32) throws(POSIXFailure) {
    _ = try retrying("lock") { flock(descriptor, LOCK_SH) }
  }

  /// The index of the first `byte` in `bytes[start..<end]`, found with `memchr`, so that a
  /// long run of bytes is searched at the speed of the C library in every build.
  static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    guard start < end else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress,
        let found = memchr(base + start, Int32(byte), end - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Whether every byte of `bytes[start..<end]` is zero (`true` when the range is empty).
  static func allZero(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
    guard start < end else { return true }
    guard bytes[start] == 0 else { return false }
    // Each byte equal to the one before it, the first being zero.
    return bytes.withUnsafeBufferPointer { buffer in
      memcmp(buffer.baseAddress! + start, buffer.baseAddress! + start + 1, end - start - 1) == 0
    }
  }

  /// Sleeps for about `microseconds`.
  static func pause(microseconds: UInt32) {
    _ = usleep(microseconds)
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

/// An open file, closed when the last reference to it goes.
final class OpenFile: Sendable {
  /// The descriptor.
  let descriptor: Int32

  init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    POSIXFile.close(descriptor)
  }
}
