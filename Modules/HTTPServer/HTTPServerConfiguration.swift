/// Where a server listens and the limits it puts on clients.
public struct HTTPServerConfiguration: Hashable, Sendable {
  /// The IPv4 address to listen on; `127.0.0.1` (the default) accepts only connections
  /// from this machine, `0.0.0.0` connections to any of its interfaces.
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
  /// How long a client may take to send the request line and header fields, from the moment
  /// its connection is accepted: a client that trickles its head gets `408` (or is closed
  /// without an answer when it sent nothing), so slow clients cannot hold connections long.
  public var requestHeadTimeout: Duration
  /// How many connections may be open at once. When all are taken, the oldest one still
  /// waiting for its request is closed to make room (it gets `503`); when every one is busy
  /// with a request, the new connection gets `503` at once.
  public var maximumConnections: Int
  /// How many connections one client address may have open at once. One more closes that
  /// address's oldest connection still waiting for its request, or gets `503` when there is
  /// none, so one client cannot take all of ``maximumConnections``. A trusted proxy's
  /// connections (see ``trustedProxies``), which carry many clients' requests, are held to
  /// ``maximumConnections`` only.
  public var maximumConnectionsPerClient: Int
  /// The proxies (a load balancer, a reverse proxy) whose `X-Forwarded-For` header is
  /// believed; none by default. A request whose connection comes from one of them has, as
  /// its ``HTTPRequest/clientAddress``, the address that header gives (the last one in it
  /// that is not itself a trusted proxy); from anywhere else, the header is ignored, since
  /// any client can write it. No other forwarding header (`Forwarded`, `X-Forwarded-Host`,
  /// `X-Forwarded-Proto`, `X-Real-IP`) is read.
  public var trustedProxies: [IPv4Block]
  /// Which `Host` values are answered (others get `421`).
  public var hostPolicy: HostPolicy
  /// Which `Origin` values are accepted (others get `403`).
  public var originPolicy: OriginPolicy
  /// Which media types a request body may have (others get `415`).
  public var bodyTypePolicy: BodyTypePolicy
  /// How deep objects and arrays may nest in a JSON body (`application/json` or a `+json`
  /// type); deeper gets `400` naming the limit, as does a member name given twice in one
  /// object, before any handler runs.
  public var maximumJSONNesting: Int
  /// How long an ``HTTPEventStream`` stays silent before the server writes a comment line
  /// to it, so that a client gone without a word is noticed and the connection is closed.
  public var eventStreamKeepAlive: Duration

  /// Creates a configuration; the defaults suit a local development server that only its
  /// own address may call, with JSON bodies.
  public init(
    host: String = "127.0.0.1",
    port: UInt16 = 0,
    maximumHeadBytes: Int = 16 * 1024,
    maximumBodyBytes: Int = 1024 * 1024,
    requestTimeout: Duration = .seconds(10),
    requestHeadTimeout: Duration = .seconds(5),
    maximumConnections: Int = 64,
    maximumConnectionsPerClient: Int = 16,
    trustedProxies: [IPv4Block] = [],
    hostPolicy: HostPolicy = .serverAddress(),
    originPolicy: OriginPolicy = .sameOrigin(),
    bodyTypePolicy: BodyTypePolicy = .json,
    maximumJSONNesting: Int = 64,
    eventStreamKeepAlive: Duration = .seconds(15)
  ) {
    self.host = host
    self.port = port
    self.maximumHeadBytes = maximumHeadBytes
    self.maximumBodyBytes = maximumBodyBytes
    self.requestTimeout = requestTimeout
    self.requestHeadTimeout = requestHeadTimeout
    self.maximumConnections = maximumConnections
    self.maximumConnectionsPerClient = maximumConnectionsPerClient
    self.trustedProxies = trustedProxies
    self.hostPolicy = hostPolicy
    self.eventStreamKeepAlive = eventStreamKeepAlive
    self.originPolicy = originPolicy
    self.bodyTypePolicy = bodyTypePolicy
    self.maximumJSONNesting = maximumJSONNesting
  }
}
