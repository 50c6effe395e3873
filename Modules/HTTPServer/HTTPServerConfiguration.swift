/// Where a server listens and the limits it puts on clients.
public struct HTTPServerConfiguration: Hashable, Sendable {
  /// The IPv4 address to listen on; `127.0.0.1` (the default) accepts only connections
  /// from this machine.
  public var host: String
  /// The port to listen on; 0 (the default) lets the system choose a free one, which
  /// ``HTTPServer/port`` then tells.
  public var port: UInt16
  /// The most bytes the request line and header fields may take together; a larger head
  /// gets `431`.
  public var maximumHeadBytes: Int
  /// The largest request body accepted; a larger `Content-Length` gets `413` before the
  /// body is read.
  public var maximumBodyBytes: Int
  /// How long a client may take to send a whole request (a slower one gets `408`), and how
  /// long the server waits for a client to take its answer.
  public var requestTimeout: Duration
  /// How many connections may be open at once; one more gets `503` at once.
  public var maximumConnections: Int

  /// Creates a configuration; the defaults suit a local development server.
  public init(
    host: String = "127.0.0.1",
    port: UInt16 = 0,
    maximumHeadBytes: Int = 16 * 1024,
    maximumBodyBytes: Int = 1024 * 1024,
    requestTimeout: Duration = .seconds(10),
    maximumConnections: Int = 64
  ) {
    self.host = host
    self.port = port
    self.maximumHeadBytes = maximumHeadBytes
    self.maximumBodyBytes = maximumBodyBytes
    self.requestTimeout = requestTimeout
    self.maximumConnections = maximumConnections
  }
}
