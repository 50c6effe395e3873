/// Something that happened on one of the server's connections, reported to the observer
/// given to ``HTTPServer/init(configuration:onEvent:handler:)``.
///
/// Connections are numbered from 1 in the order they were accepted. Every accepted
/// connection ends with exactly one ``closed(connection:)``, which comes last.
public enum HTTPServerEvent: Hashable, Sendable {
  /// A complete request arrived and is about to be handled.
  case received(connection: Int, method: HTTPMethod, target: String)
  /// The handler's response was sent.
  case responded(connection: Int, status: Int)
  /// The server answered by itself, without calling the handler: the request was malformed
  /// (400), too large (413, 431), too slow (408), used an unsupported feature (501, 505),
  /// came from a foreign web origin (403), had a body of a refused media type (415), named
  /// another host (421), or the server had too many connections or closed this waiting one
  /// to make room (503).
  case rejected(connection: Int, status: Int)
  /// The client closed the connection before it got an answer, for example because it
  /// cancelled the request.
  case clientClosed(connection: Int)
  /// The server closed the connection.
  case closed(connection: Int)
}
