/// Which `Host` header values a server answers. A server that answers any host can be
/// reached by a web page through DNS rebinding: the page's own name, pointed at this
/// machine, passes the browser's same-origin checks.
public enum HostPolicy: Hashable, Sendable {
  /// Any value, or none: for a server behind a proxy that checks the host itself.
  case any
  /// The address the server listens on and `localhost`, each with the server's port (the
  /// bare name too when the port is 80), and these further `name:port` values. Any other
  /// host gets `421`; a request without exactly one `Host` gets `400`.
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

  init(configuration: HTTPServerConfiguration, port: UInt16) {
    hosts = configuration.hostPolicy
    origins = configuration.originPolicy
    bodyTypes = configuration.bodyTypePolicy
    switch configuration.hostPolicy {
    case .any:
      acceptedHosts = []
    case .serverAddress(let extra):
      var names = [configuration.host, "localhost"].map { "\($0):\(port)" }
      if port == 80 { names += [configuration.host, "localhost"] }
      acceptedHosts = Set((names + extra).map { $0.lowercased() })
    }
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
      guard acceptedHosts.contains(host.lowercased()) else {
        return HTTPRequestError(
          status: 421, message: "this server does not answer for the host \"\(host)\"")
      }
    }
    if case .sameOrigin(let extra) = origins {
      let requestHost = head.headers["Host"]?.lowercased()
      for origin in head.headers.values(for: "Origin") {
        let lowered = origin.lowercased()
        let host = lowered.hasPrefix("http://") ? String(lowered.dropFirst("http://".count)) : nil
        let own = host.map { $0 == requestHost || acceptedHosts.contains($0) } ?? false
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
