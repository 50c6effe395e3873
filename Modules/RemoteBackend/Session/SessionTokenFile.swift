import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The session token of one server, kept in a file of the app's data directory, so that every
/// client using that directory (each run of the command line, the terminal UI) shares the
/// login: `server-session.json`, holding `{"server": URL, "token": …}`.
///
/// The file is readable and writable by its owner only (mode 0600) from the moment it exists:
/// a new version is written to a temporary file created with that mode, then renamed over
/// the old one, so a reader sees the old token or the new one, never half of one. The token
/// is used only for the server it was given by (another server's token is not sent), and a
/// file that cannot be read, is damaged, or can be read by other users counts as no login.
/// A file other users can read is deleted by ``takeExposedToken()``, and the client ends
/// the session of the token in it, since someone else may have it.
public struct SessionTokenFile: SessionTokenStorage {
  /// The file's name in the data directory.
  public static let fileName = "server-session.json"

  /// The file.
  public let url: URL
  /// The server the token is for, as written in the file.
  public let server: String

  /// The token file in `directory` for the server at `server`.
  public init(directory: URL, server: URL) {
    url = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    var text = server.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    self.server = text
  }

  private struct Contents: Codable {
    var server: String
    /// Absent once the session ended: the file then only remembers the server.
    var token: String?
  }

  /// The server whose login the file in `directory` holds, as written in it, or `nil` when
  /// there is no such file or it is damaged: the server a front uses when none is named.
  /// The token itself is not checked, so a login that expired still names its server.
  public static func recordedServer(in directory: URL) -> String? {
    let url = directory.appendingPathComponent(fileName, isDirectory: false)
    var info = stat()
    guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      info.st_size <= 4096,
      let data = FileManager.default.contents(atPath: url.path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data),
      !contents.server.isEmpty
    else { return nil }
    return contents.server
  }

  /// The token, or `nil` when there is no file, it is damaged, it is for another server, or
  /// other users may read it.
  public func load() -> String? {
    guard let (token, isExposed) = read(), !isExposed else { return nil }
    return token
  }

  /// The token of a file that users other than its owner may read or write, after deleting
  /// the file; `nil` when the file is private, missing, damaged or for another server.
  public func takeExposedToken() -> String? {
    guard let (token, isExposed) = read(), isExposed, unlink(url.path) == 0 else { return nil }
    return token
  }

  /// The token for ``server`` in the file, and whether other users may read or write it.
  private func read() -> (token: String, isExposed: Bool)? {
    var info = stat()
    guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      info.st_size <= 4096,
      let data = FileManager.default.contents(atPath: url.path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data),
      contents.server == server, let token = contents.token, isPlausibleSessionToken(token)
    else { return nil }
    return (token, info.st_mode & 0o077 != 0)
  }

  /// Writes `token` for ``server``, creating the directory (mode 0700) when it is missing.
  ///
  /// - Throws: ``TokenFileError`` saying what failed.
  public func save(_ token: String) throws {
    try store(Contents(server: server, token: token))
  }

  /// Writes `contents` in place of the file, creating the directory (mode 0700) when it is
  /// missing.
  private func store(_ contents: Contents) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw TokenFileError(path: directory.path, reason: error.localizedDescription)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(contents)
    } catch {
      throw TokenFileError(path: url.path, reason: "\(error)")
    }
    let temporary = url.path + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    guard descriptor >= 0 else { throw TokenFileError(path: temporary, errno: errno) }
    var failure: TokenFileError?
    // The mode given to `open` is narrowed by the umask, never widened; `fchmod` makes it
    // exactly 0600 whatever the umask.
    if fchmod(descriptor, mode_t(0o600)) != 0 {
      failure = TokenFileError(path: temporary, errno: errno)
    }
    if failure == nil {
      let written = data.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written != data.count { failure = TokenFileError(path: temporary, errno: errno) }
    }
    if failure == nil, fsync(descriptor) != 0 {
      failure = TokenFileError(path: temporary, errno: errno)
    }
    close(descriptor)
    if failure == nil, rename(temporary, url.path) != 0 {
      failure = TokenFileError(path: url.path, errno: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// Deletes the file if it still holds `token` for ``server``: after logging out, the data
  /// directory no longer names a server.
  public func remove(_ token: String) {
    guard load() == token else { return }
    unlink(url.path)
  }

  /// Forgets `token`, if the file still holds it for ``server``, and keeps the server: the
  /// server ended the session, and the next login goes to the same server. Deletes the file
  /// when it cannot be rewritten.
  public func expire(_ token: String) {
    guard load() == token else { return }
    do {
      try store(Contents(server: server, token: nil))
    } catch {
      unlink(url.path)
    }
  }
}

/// The session token file could not be written.
public struct TokenFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file or directory.
  public var path: String
  /// Why.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  init(path: String, errno code: Int32) {
    self.init(path: path, reason: String(cString: strerror(code)))
  }

  /// "could not save the login in PATH: REASON".
  public var description: String { "could not save the login in \(path): \(reason)" }
}
