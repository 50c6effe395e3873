import Foundation
import Synchronization

/// Where an ``HTTPClient`` keeps the session token its server gave it at login, and reads it
/// back for every request.
///
/// Storages are shared: several clients (separate runs of the command line, the terminal UI)
/// that use one storage share one login. A storage that cannot be read counts as holding no
/// token.
public protocol SessionTokenStorage: Sendable {
  /// The token, or `nil` when there is none or it cannot be read.
  func load() -> String?
  /// Keeps `token` in place of the one before.
  ///
  /// - Throws: An error saying why the token could not be kept.
  func save(_ token: String) throws
  /// Forgets the token if it is still `token`: a client whose session ended must not forget
  /// the token of a login another client made since.
  func remove(_ token: String)
  /// Forgets the token if it is still `token`, as ``remove(_:)`` does, because the server
  /// ended its session rather than the user logging out: a storage that remembers which
  /// server it is for keeps that.
  func expire(_ token: String)
  /// A token that other users could read, taken out of the storage so it is never used
  /// again: the client then ends its session on the server. `nil` when there is none.
  func takeExposedToken() -> String?
}

extension SessionTokenStorage {
  /// Forgets the token as ``remove(_:)`` does.
  public func expire(_ token: String) { remove(token) }

  /// None: a storage that others cannot read never exposes a token.
  public func takeExposedToken() -> String? { nil }
}

/// Whether `text` looks like a token a server gives: 1 to 512 characters of URL-safe base64.
/// Anything else (a damaged file, a header injection) is never sent.
func isPlausibleSessionToken(_ text: String) -> Bool {
  !text.isEmpty && text.utf8.count <= 512
    && text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        return true
      default:
        return false
      }
    }
}

/// A token kept in memory, for one client in one process (and for tests).
public final class MemorySessionTokens: SessionTokenStorage {
  private let token: Mutex<String?>

  /// Creates a storage, empty or holding `token`.
  public init(_ token: String? = nil) {
    self.token = Mutex(token)
  }

  /// The token, if any.
  public func load() -> String? { token.withLock { $0 } }

  /// Keeps `token`.
  public func save(_ token: String) {
    self.token.withLock { $0 = token }
  }

  /// Forgets the token if it is still `token`.
  public func remove(_ token: String) {
    self.token.withLock { current in
      if current == token { current = nil }
    }
  }
}
