import AppAPI
import HTTPServer
import LocalBackend
import Models

/// What a handler of a ``Route`` is given: the request, its body decoded as the route's
/// `Body`, the account of its session, and the identifier in its path.
struct RouteCall<Body: Sendable>: Sendable {
  /// The request as received.
  var request: HTTPRequest
  /// The request's body, decoded as the route declares it.
  var body: Body
  /// The account of the request's session.
  var account: Account
  /// The `{id}` parameter of the path, checked to be a whole number before the handler runs;
  /// 0 for a route whose path has none.
  var id: Int
}

extension HTTPRouter {
  /// Routes the requests of `route` that carry the token of a live session to `handler`:
  /// the `{id}` of the path must be a whole number and the body must decode as the route's
  /// `Body` (else 400), and the handler's answer is sent with the route's status (204 and no
  /// body for a route that answers ``NoBody``), or the status of the store error it throws.
  mutating func add<Body, Answer>(
    _ route: Route<Body, Answer>, signedIn endpoints: Endpoints,
    handler: @escaping @Sendable (RouteCall<Body>) throws -> Answer
  ) {
    let hasIdentifier = route.pattern.contains("{id}")
    add(route.endpoint, signedIn: endpoints) { request, account in
      let id: Int
      if hasIdentifier {
        guard let text = request.pathParameters["id"], let value = Int(text) else {
          return .error(status: 400, message: "the identifier in the path must be a whole number")
        }
        id = value
      } else {
        id = 0
      }
      func run(_ body: Body) throws -> Answer {
        try handler(RouteCall(request: request, body: body, account: account, id: id))
      }
      switch (NoBody() as? Body, Answer.self == NoBody.self) {
      case (let none?, true):
        return endpoints.answerNoContent { _ = try run(none) }
      case (let none?, false):
        return endpoints.answer(status: route.status) { try run(none) }
      case (nil, true):
        return endpoints.answerNoContent(request, Body.self) { _ = try run($0) }
      case (nil, false):
        return endpoints.answer(request, Body.self, status: route.status) { try run($0) }
      }
    }
  }
}

extension Endpoints {
  /// The routes of the collection of `Record`s (see `RecordRoutes`), for the list of
  /// ``features``: `Endpoints.records(Ingredient.self)`.
  static func records<Record: CollectionRecord>(_ type: Record.Type)
    -> @Sendable (Endpoints) -> (inout HTTPRouter) -> Void
  {
    { endpoints in { router in endpoints.addRecordRoutes(type, to: &router) } }
  }

  /// Listing, reading, adding, changing and removing the records of type `Record`, the same
  /// for every collection.
  func addRecordRoutes<Record: CollectionRecord>(_ type: Record.Type, to router: inout HTTPRouter) {
    let records = self.records
    router.add(RecordRoutes<Record>.list, signedIn: self) { _ in try records.records(type) }
    router.add(RecordRoutes<Record>.get, signedIn: self) { call in
      try records.record(type, id: call.id)
    }
    router.add(RecordRoutes<Record>.add, signedIn: self) { call in try records.add(call.body) }
    router.add(RecordRoutes<Record>.update, signedIn: self) { call in
      try records.update(id: call.id, to: call.body.draft, from: call.body.revision)
    }
    router.add(RecordRoutes<Record>.remove, signedIn: self) { call in
      try records.remove(type, id: call.id)
      return NoBody()
    }
  }
}
