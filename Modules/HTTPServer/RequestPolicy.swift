/// Which `Host` header values a server answers. A server that answers any host can be
/// reached by a web page through DNS rebinding: the page's own name, pointed at this
/// machine, passes the browser's same-origin checks.
public enum HostPolicy: Hashable, Sendable {
  /// Any value, or none: for a server behind a proxy that checks the host itself.
  case any
  /// The server's own names, each with the server's port (the bare name too when the port is
  /// 80): the address it listens on, `localhost` and `127.0.0.1`, the machine's host name, and,
  /// when it listens on every interface (`0.0.0.0`), the address of each. Also these further
  /// values: `name:port` accepts that name with that port only, a bare `name` (a load
  /// balancer's, say) accepts it with any port or none. Names are compared without regard to
  /// case. Any other host gets `421`; a request without exactly one `Host` gets `400`.
  case serverAddress(alsoAccepting: Set<String> = [])
}

/// Which `Origin` header values a server accepts. Browsers send `Origin` with cross-site
/// requests, so refusing foreign origins stops other web pages from using the server.
public enum OriginPolicy: Hashable, Sendable {
  /// Any origin.
  case any
  /// No `Origin` (a client that is not a browser), or `http://` followed by the request's
  /// own `Host` or a host the ``HostPolicy`` accepts, or one of these further origins (`scheme://name:port`). Any
  /// other origin, `null` included, gets `403`.
  case sameOrigin(alsoAccepting: Set<String> = [])
}

/// Which media types a request body may have. A browser sends a cross-site request without
/// asking first only when its body is a form or plain text, so a server that takes JSON
/// bodies only cannot be fed by another site's form.
public enum BodyTypePolicy: Hashable, Sendable {
  /// Any body, with or without `Content-Type`.
  case any
  /// A request with a body (`Content-Length` above 0) must declare one of these media types
  /// (lowercase, like `application/json`; parameters such as `charset` are ignored), or it
  /// gets `415`.
  case only(Set<String>)

  /// JSON bodies only.
  public static let json = BodyTypePolicy.only(["application/json"])
}

/// The checks of a request head against the configuration's policies, made before the body
/// is read.
struct RequestPolicy {
  let hosts: HostPolicy
  let origins: OriginPolicy
  let bodyTypes: BodyTypePolicy
  /// The lowercase `name:port` values the host policy accepts; empty for ``HostPolicy/any``.
  let acceptedHosts: Set<String>
  /// The lowercase names the host policy accepts with any port or none.
  let acceptedNames: Set<String>
  /// The proxies whose `X-Forwarded-For` is believed.
  let trustedProxies: [IPv4Block]

  /// - Parameter machineNames: the machine's host name and the addresses of its interfaces
  ///   (`Socket.machineNames(includingAddresses:)`), accepted as the server's own.
  init(configuration: HTTPServerConfiguration, port: UInt16, machineNames: [String] = []) {
    hosts = configuration.hostPolicy
    origins = configuration.originPolicy
    bodyTypes = configuration.bodyTypePolicy
    trustedProxies = configuration.trustedProxies
    switch configuration.hostPolicy {
    case .any:
      acceptedHosts = []
      acceptedNames = []
    case .serverAddress(let extra):
      let own = [configuration.host, "localhost", "127.0.0.1"] + machineNames
      var names = own.map { "\($0):\(port)" }
      if port == 80 { names += own }
      acceptedHosts = Set((names + extra.filter { $0.contains(":") }).map { $0.lowercased() })
      acceptedNames = Set(extra.filter { !$0.contains(":") }.map { $0.lowercased() })
    }
  }

  /// Whether the `Host` value `host` names this server.
  func accepts(host: String) -> Bool {
    let lowered = host.lowercased()
    if acceptedHosts.contains(lowered) { return true }
    let name = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return acceptedNames.contains(String(name))
  }

  /// Whether `peer` (an IPv4 address in network byte order) is a trusted proxy.
  func trusts(peer: UInt32) -> Bool {
    let address = UInt32(bigEndian: peer)
    return trustedProxies.contains { $0.contains(address) }
  }

  /// The client of a request that came from `peer` (written `192.0.2.1`) with `headers`:
  /// the peer itself, unless it is a trusted proxy; then, reading `X-Forwarded-For` from
  /// its end (where each proxy appends the address it received the request from), the
  /// first address that is not a trusted proxy. A value that is not an address ends the
  /// walk at the last trusted address before it, so that what a client writes in the header
  /// itself is never taken for its address.
  func clientAddress(peer: String, headers: HTTPHeaders) -> String {
    guard trustedProxies.contains(where: { $0.contains(peer) }) else { return peer }
    let hops = headers.values(for: "X-Forwarded-For")
      .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { String($0).trimmingSpacesAndTabs() }
    var client = peer
    for hop in hops.reversed() {
      guard Self.isAddress(hop) else { break }
      client = hop
      if !trustedProxies.contains(where: { $0.contains(hop) }) { break }
    }
    return client
  }

  /// Whether `text` is an IPv4 address, or looks like an IPv6 one (hexadecimal digits, at
  /// least two colons, and perhaps an IPv4 tail).
  static func isAddress(_ text: String) -> Bool {
    if IPv4Block.address(Substring(text)) != nil { return true }
    return text.count <= 45 && text.filter { $0 == ":" }.count >= 2
      && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
  }

  /// The error to answer `head` with, or `nil` when the request may go on.
  func violation(of head: RequestHead) -> HTTPRequestError? {
    // Two credentials leave it to chance which one a handler reads.
    if head.headers.values(for: "Authorization").count > 1 {
      return HTTPRequestError(
        status: 400, message: "the request must have at most one Authorization header")
    }
    if case .serverAddress = hosts {
      let values = head.headers.values(for: "Host")
      guard values.count == 1, let host = values.first else {
        return HTTPRequestError(
          status: 400, message: "the request must have exactly one Host header")
      }
      guard accepts(host: host) else {
        return HTTPRequestError(
          status: 421, message: "this server does not answer for the host \"\(host)\"")
      }
    }
    if case .sameOrigin(let extra) = origins {
      let requestHost = head.headers["Host"]?.lowercased()
      for origin in head.headers.values(for: "Origin") {
        let lowered = origin.lowercased()
        let host = lowered.hasPrefix("http://") ? String(lowered.dropFirst("http://".count)) : nil
        let own = host.map { $0 == requestHost || accepts(host: $0) } ?? false
        if !own && !extra.contains(where: { $0.lowercased() == lowered }) {
          return HTTPRequestError(
            status: 403, message: "requests from the origin \"\(origin)\" are not allowed")
        }
      }
    }
    if case .only(let types) = bodyTypes, head.contentLength > 0 {
      let declared = head.headers["Content-Type"].map(Self.mediaType) ?? ""
      if !types.contains(declared) {
        let expected = types.sorted().joined(separator: " or ")
        return HTTPRequestError(
          status: 415,
          message: declared.isEmpty
            ? "a request body needs a Content-Type of \(expected)"
            : "a request body must be \(expected), not \(declared)")
      }
    }
    return nil
  }

  /// The media type of a `Content-Type` value, lowercase, without parameters.
  static func mediaType(_ value: String) -> String {
    let type =
      value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? ""
    return type.trimmingSpacesAndTabs().lowercased()
  }
}
