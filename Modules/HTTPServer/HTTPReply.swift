import Foundation

/// What the server does with a request: answer it, or (to test how clients cope) misbehave
/// in one of a few precise ways.
public enum HTTPReply: Hashable, Sendable {
  /// Sends the response, then closes the connection.
  case response(HTTPResponse)
  /// Sends these bytes exactly as given (not necessarily valid HTTP), then closes the
  /// connection.
  case raw(Data)
  /// Closes the connection at once without sending anything.
  case closeWithoutAnswer
  /// Never answers: keeps the connection open until the client closes it (the server then
  /// reports ``HTTPServerEvent/clientClosed(connection:)``) or the server stops.
  case neverAnswer
  /// Sends `200 OK` with a body of Server-Sent Events, the stream's events as they come,
  /// until the stream ends (see ``HTTPEventStream``).
  case eventStream(HTTPEventStream)

  /// A `200 OK` response labelled as JSON whose body is cut off in the middle of an object,
  /// so no JSON parser accepts it.
  public static let garbageJSON = HTTPReply.response(
    .json(Data(#"{"id": 1, "name": "Ada", "#.utf8)))

  /// An error response with the JSON body `{"error": message}`.
  public static func error(status: Int, message: String) -> HTTPReply {
    .response(.error(status: status, message: message))
  }

  /// A response whose head promises `promised` body bytes but whose body stops after
  /// `body`, followed by the end of the connection.
  public static func truncated(body: String, promised: Int) -> HTTPReply {
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: \(HTTPResponse.jsonContentType)\r\n"
      + "Content-Length: \(promised)\r\nConnection: close\r\n\r\n"
    return .raw(Data((head + body).utf8))
  }
}
