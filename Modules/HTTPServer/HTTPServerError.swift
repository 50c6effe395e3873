/// Why a server could not start.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The host is not an IPv4 address such as `127.0.0.1`.
  case invalidHost(String)
  /// The address could not be listened on, for example because the port is in use.
  case cannotListen(host: String, port: UInt16, reason: String)
  /// A system call the server needs failed.
  case systemCallFailed(String)

  /// A sentence saying what failed.
  public var description: String {
    switch self {
    case .invalidHost(let host):
      return "\"\(host)\" is not an IPv4 address such as 127.0.0.1"
    case .cannotListen(let host, let port, let reason):
      return "cannot listen on \(host):\(port) (\(reason))"
    case .systemCallFailed(let reason):
      return "the server could not start (\(reason))"
    }
  }
}
