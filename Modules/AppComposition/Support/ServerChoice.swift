import Foundation
import RemoteBackend

/// The server a front uses, if any, and which rule chose it.
///
/// The rules, first match wins:
/// 1. a server given explicitly (a `--server` option);
/// 2. the `FRIENDS_SERVER` environment variable (an empty value counts as unset);
/// 3. the server the data directory remembers: the one its last login went to, kept after
///    the server ends the session and forgotten when the user logs out;
/// 4. none: the data on this machine.
///
/// A server is its URL as written: `http://localhost:8080` and `http://127.0.0.1:8080` are
/// two servers with two logins, even when one program answers both.
public struct ServerChoice: Sendable, Hashable {
  /// Which rule chose the server.
  public enum Source: Sendable, Hashable {
    /// The server given explicitly.
    case explicit
    /// The `FRIENDS_SERVER` environment variable.
    case environment
    /// The server of the data directory's last login.
    case remembered
  }

  /// The name of the environment variable that names the server.
  public static let environmentVariable = AppIdentity.serverVariable

  /// The server.
  public var url: URL
  /// The rule that chose it.
  public var source: Source

  /// Creates a choice from its parts.
  public init(url: URL, source: Source) {
    self.url = url
    self.source = source
  }

  /// A server URL that is not an `http://` or `https://` URL with a host.
  public struct BadURL: Error, Hashable, Sendable {
    /// The text given.
    public var text: String
    /// Where it came from: an explicit choice, or the environment variable.
    public var source: Source
  }

  /// Applies the rules.
  ///
  /// - Parameters:
  ///   - explicit: The URL given by the user, or `nil`.
  ///   - environment: The environment variables to consult (`FRIENDS_SERVER`).
  ///   - directory: The data directory, whose remembered server counts when nothing else
  ///     names one.
  /// - Returns: The server, or `nil` for the data on this machine.
  /// - Throws: ``BadURL`` when the explicit URL or the variable's is not a server URL. A
  ///   remembered URL that is not one counts as none.
  public static func resolve(
    explicit: String?, environment: [String: String], directory: URL
  ) throws(BadURL) -> ServerChoice? {
    if let explicit {
      guard let url = serverURL(explicit) else { throw BadURL(text: explicit, source: .explicit) }
      return ServerChoice(url: url, source: .explicit)
    }
    if let text = environment[environmentVariable], !text.isEmpty {
      guard let url = serverURL(text) else { throw BadURL(text: text, source: .environment) }
      return ServerChoice(url: url, source: .environment)
    }
    if let text = rememberedServer(in: directory), let url = serverURL(text) {
      return ServerChoice(url: url, source: .remembered)
    }
    return nil
  }

  /// The server the data directory's last login went to, as it was written, or `nil`.
  public static func rememberedServer(in directory: URL) -> String? {
    SessionTokenFile.recordedServer(in: directory)
  }

  /// `text` as a server URL: `http` or `https`, with a host; `nil` otherwise.
  public static func serverURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return url
  }

  /// The server as a user writes it, without a trailing slash: `http://127.0.0.1:8080`.
  public var displayName: String { Self.displayName(url.absoluteString) }

  /// `text` without its trailing slashes.
  public static func displayName(_ text: String) -> String {
    var text = text
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  /// What to say when the data directory's login is for another server than this one, or
  /// `nil` when it is not: `localhost` and `127.0.0.1` are told apart here, as they are two
  /// logins.
  public func otherLogin(in directory: URL) -> String? {
    guard let remembered = Self.rememberedServer(in: directory),
      Self.displayName(remembered) != displayName
    else { return nil }
    return "the login kept in this data directory is for \(Self.displayName(remembered)), "
      + "and another address counts as another server"
  }
}
