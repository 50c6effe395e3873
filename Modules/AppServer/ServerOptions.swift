import HTTPServer

/// What `friends-server` is asked to serve:
/// `friends-server [--port N] [--listen ADDRESS] [--allowed-host NAME]… [--trusted-proxy
/// ADDRESS]… [--data-dir PATH | --database URL]`.
///
/// The executable reads its command line with CommandLineKit, as the other programs do, and
/// fills these in.
public struct ServerOptions: Hashable, Sendable {
  /// The port to listen on; 0 lets the system choose a free one.
  public var port: UInt16
  /// The IPv4 address to listen on: `127.0.0.1` (the default) for this machine only,
  /// `0.0.0.0` for every interface.
  public var listenAddress: String
  /// Further `Host` values answered besides the server's own names (see
  /// `HostPolicy.serverAddress(alsoAccepting:)`): `name` with any port or none, `name:port`
  /// with that port only, or `*` for any host at all.
  public var allowedHosts: [String]
  /// The proxies whose `X-Forwarded-For` gives the client's address (for the login
  /// throttle and the log); none by default.
  public var trustedProxies: [IPv4Block]
  /// The store's directory as given with `--data-dir`, or `nil` to use the usual rules
  /// (`FRIENDS_DATA_DIR`, then the user's data directory).
  public var dataDirectory: String?

  /// The PostgreSQL connection string to keep the data in, from `--database` or
  /// `DATABASE_URL`, or `nil` to use the embedded store in ``dataDirectory``.
  public var database: String?

  /// The port used when `--port` is not given.
  public static let defaultPort: UInt16 = 8080
  /// The address listened on when `--listen` is not given: this machine only.
  public static let defaultListenAddress = "127.0.0.1"

  /// Creates options.
  public init(
    port: UInt16 = ServerOptions.defaultPort,
    listenAddress: String = ServerOptions.defaultListenAddress, allowedHosts: [String] = [],
    trustedProxies: [IPv4Block] = [], dataDirectory: String? = nil, database: String? = nil
  ) {
    self.port = port
    self.listenAddress = listenAddress
    self.allowedHosts = allowedHosts
    self.trustedProxies = trustedProxies
    self.dataDirectory = dataDirectory
    self.database = database
  }

  /// The HTTP server's configuration: where to listen, which hosts to answer, which
  /// proxies to believe, and the default limits.
  public var httpConfiguration: HTTPServerConfiguration {
    HTTPServerConfiguration(
      host: listenAddress, port: port, trustedProxies: trustedProxies,
      hostPolicy: allowedHosts.contains("*")
        ? .any : .serverAddress(alsoAccepting: Set(allowedHosts)))
  }

  /// Whether `text` is a value `--allowed-host` takes: `*`, or a host name (letters, digits
  /// and `-` in dot-separated labels) or an IPv4 address, perhaps followed by `:port`.
  public static func isHostValue(_ text: String) -> Bool {
    if text == "*" { return true }
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let port = UInt16(parts[1]), port > 0, parts[1].allSatisfy(\.isASCII) else {
        return false
      }
    }
    let name = parts[0]
    guard !name.isEmpty, name.utf8.count <= 253 else { return false }
    return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
      !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
        && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
  }
}
