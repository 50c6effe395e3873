import Foundation
import HTTPServer

/// `configuration` answering any `Host` and taking any body: for the tests of parsing and
/// limits, which send minimal requests (no `Host`, bodies without `Content-Type`). The
/// policies have tests of their own, with the defaults.
func lenient(
  _ configuration: HTTPServerConfiguration = HTTPServerConfiguration()
) -> HTTPServerConfiguration {
  var configuration = configuration
  configuration.hostPolicy = .any
  configuration.bodyTypePolicy = .any
  return configuration
}

/// Starts a server on 127.0.0.1 with a port the system chooses, runs `body`, stops the
/// server. The configuration is ``lenient(_:)`` unless one is given.
@discardableResult
func withServer<Result>(
  configuration: HTTPServerConfiguration = lenient(),
  router: HTTPRouter = testRouter(),
  _ body: (HTTPServer, HTTPServerEventLog) async throws -> Result
) async throws -> Result {
  let log = HTTPServerEventLog()
  let server = try HTTPServer(configuration: configuration, onEvent: log.record, router: router)
  defer { server.stop() }
  return try await body(server, log)
}

/// Routes for the server's tests: plain answers and each kind of misbehaviour.
func testRouter() -> HTTPRouter {
  var router = HTTPRouter()
  router.get("/hello") { _ in .response(.text("hello")) }
  router.post("/echo") { request in
    .response(
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body))
  }
  router.get("/items/{id}") { request in
    .response(.text("item \(request.pathParameters["id"] ?? "?")"))
  }
  router.delete("/items/{id}") { _ in .response(.noContent) }
  router.get("/query") { request in
    .response(.text(request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "|")))
  }
  router.get("/client") { request in .response(.text(request.clientAddress ?? "none")) }
  router.get("/hang") { _ in .neverAnswer }
  router.get("/drop") { _ in .closeWithoutAnswer }
  router.get("/raw") { _ in .raw(Data("not http at all".utf8)) }
  router.get("/garbage") { _ in .garbageJSON }
  return router
}

extension HTTPServerEvent {
  /// The connection the event is about.
  var connection: Int {
    switch self {
    case .received(let connection, _, _), .responded(let connection, _),
      .rejected(let connection, _), .clientClosed(let connection), .closed(let connection):
      return connection
    }
  }
}
