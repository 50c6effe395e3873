/// What `friends-server` is asked to serve:
/// `friends-server [--port N] [--data-dir PATH | --database URL]`.
///
/// The executable reads its command line with CommandLineKit, as the other programs do, and
/// fills these in.
public struct ServerOptions: Hashable, Sendable {
  /// The port to listen on; 0 lets the system choose a free one.
  public var port: UInt16
  /// The store's directory as given with `--data-dir`, or `nil` to use the usual rules
  /// (`FRIENDS_DATA_DIR`, then the user's data directory).
  public var dataDirectory: String?

  /// The PostgreSQL connection string to keep the data in, from `--database` or
  /// `DATABASE_URL`, or `nil` to use the embedded store in ``dataDirectory``.
  public var database: String?

  /// The port used when `--port` is not given.
  public static let defaultPort: UInt16 = 8080

  /// Creates options.
  public init(
    port: UInt16 = ServerOptions.defaultPort, dataDirectory: String? = nil,
    database: String? = nil
  ) {
    self.port = port
    self.dataDirectory = dataDirectory
    self.database = database
  }
}
