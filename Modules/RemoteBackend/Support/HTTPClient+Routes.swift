import AppAPI
import Foundation
import Services

extension HTTPClient {
  /// Sends `body` to `route` and decodes the answer as the route's `Answer`.
  func send<Body, Answer>(
    _ route: Route<Body, Answer>, _ parameters: [String: String] = [:],
    query: [(name: String, value: String)] = [], body: Body, context: Context = .general
  ) async throws -> Answer {
    try await call(
      route.endpoint, parameters, query: query, body: body is NoBody ? nil : body,
      context: context, expecting: Answer.self, what: route.answerName)
  }

  /// Sends a request without a body to `route` and decodes the answer as its `Answer`.
  func send<Answer>(
    _ route: Route<NoBody, Answer>, _ parameters: [String: String] = [:],
    query: [(name: String, value: String)] = [], context: Context = .general
  ) async throws -> Answer {
    try await send(route, parameters, query: query, body: NoBody(), context: context)
  }

  /// Sends `body` to a route that answers nothing of interest.
  func send<Body>(
    _ route: Route<Body, NoBody>, _ parameters: [String: String] = [:], body: Body,
    context: Context = .general
  ) async throws {
    try await call(route.endpoint, parameters, body: body is NoBody ? nil : body, context: context)
  }

  /// Sends a request without a body to a route that answers nothing of interest.
  func send(
    _ route: Route<NoBody, NoBody>, _ parameters: [String: String] = [:],
    context: Context = .general
  ) async throws {
    try await call(route.endpoint, parameters, context: context)
  }
}
