import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rule the server holds its data directory to, as OpenSSH holds `~/.ssh` and PostgreSQL
/// its data directory: the directory and every file in it must belong to the user the server
/// runs as, and no other user may write to them. Anyone who could write there could plant a
/// session (and be logged in as anyone) or damage the store.
public enum DataDirectoryPermissions {
  /// The mode of a data directory the server creates: only its owner may enter it.
  public static let directoryMode: mode_t = 0o700

  /// A data directory or file that the server refuses to use, and why.
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory or file.
    public var path: String
    /// What is wrong and how to put it right.
    public var reason: String

    /// Makes a refusal.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    public var description: String { reason }
  }

  /// Why the server must not use the directory or file at `path`, or `nil` when it may.
  ///
  /// - Parameters:
  ///   - isDirectory: whether `path` is the data directory (else a file in it).
  ///   - owner: the user id that owns it.
  ///   - mode: its permission bits.
  ///   - user: the user id the server runs as.
  public static func refusal(
    path: String, isDirectory: Bool, owner: uid_t, mode: mode_t, user: uid_t
  ) -> Refusal? {
    let what = isDirectory ? "the data directory \(path)" : "the data file \(path)"
    if owner != user {
      return Refusal(
        path: path,
        reason:
          "\(what) belongs to another user (uid \(owner)), not to the user the server runs as "
          + "(uid \(user)), who could change the sessions and the data in it; use a directory "
          + "of your own, or `chown` it")
    }
    let othersWrite = mode & 0o022
    if othersWrite != 0 {
      let octal = String(mode & 0o7777, radix: 8)
      return Refusal(
        path: path,
        reason:
          "\(what) can be written by \(othersWrite & 0o002 != 0 ? "every user" : "its group") "
          + "(mode \(octal)), who could change the sessions and the data in it; run "
          + "`chmod go-w \(path)`")
    }
    return nil
  }

  /// Creates `directory` with mode 0700 when it does not exist (and its parents as usual),
  /// then checks it and every entry in it against the rule.
  ///
  /// - Throws: ``Refusal`` for the first directory or file that breaks the rule, or the
  ///   system's error when the directory cannot be created or read.
  public static func prepare(_ directory: URL, user: uid_t = geteuid()) throws {
    let path = directory.path
    if !FileManager.default.fileExists(atPath: path) {
      try FileManager.default.createDirectory(
        at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
      if mkdir(path, directoryMode) != 0 && errno != EEXIST {
        throw Refusal(
          path: path,
          reason:
            "the data directory \(path) cannot be created: \(String(cString: strerror(errno)))")
      }
      // The umask may have taken bits away, never added any: this makes it exactly 0700.
      _ = chmod(path, directoryMode)
    }
    try check(path, isDirectory: true, user: user)
    for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() {
      try check(directory.appendingPathComponent(name).path, isDirectory: false, user: user)
    }
  }

  private static func check(_ path: String, isDirectory: Bool, user: uid_t) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw Refusal(
        path: path, reason: "\(path) cannot be examined: \(String(cString: strerror(errno)))")
    }
    if let refusal = refusal(
      path: path, isDirectory: isDirectory, owner: status.st_uid, mode: status.st_mode, user: user)
    {
      throw refusal
    }
  }
}
