import Foundation
import HTTPServer
import ReactiveTesting
import Testing

@Suite struct HTTPRouterTests {
  private func request(_ method: HTTPMethod, _ target: String) throws -> HTTPRequest {
    try HTTPRequest(method: method, target: target)
  }

  private func text(_ reply: HTTPReply) -> String? {
    guard case .response(let response) = reply else { return nil }
    return String(decoding: response.body, as: UTF8.self)
  }

  private func status(_ reply: HTTPReply) -> Int? {
    guard case .response(let response) = reply else { return nil }
    return response.status
  }

  @Test func parametersAreFilledFromTheirSegments() throws {
    var router = HTTPRouter()
    router.get("/people/{person}/posts/{post}") { request in
      .response(.text("\(request.pathParameters["person"]!):\(request.pathParameters["post"]!)"))
    }
    #expect(text(router.handle(try request(.get, "/people/7/posts/42"))) == "7:42")
    #expect(text(router.handle(try request(.get, "/people/a%20b/posts/x"))) == "a b:x")
  }

  @Test func literalSegmentsMustMatchExactly() throws {
    var router = HTTPRouter()
    router.get("/friends") { _ in .response(.text("list")) }
    #expect(text(router.handle(try request(.get, "/friends"))) == "list")
    #expect(text(router.handle(try request(.get, "/friends/"))) == "list")
    #expect(status(router.handle(try request(.get, "/Friends"))) == 404)
    #expect(status(router.handle(try request(.get, "/friends/3"))) == 404)
  }

  @Test func theFirstMatchingRouteWins() throws {
    var router = HTTPRouter()
    router.get("/friends/new") { _ in .response(.text("form")) }
    router.get("/friends/{id}") { _ in .response(.text("friend")) }
    #expect(text(router.handle(try request(.get, "/friends/new"))) == "form")
    #expect(text(router.handle(try request(.get, "/friends/4"))) == "friend")
  }

  @Test func unknownPathsGet404WithAJSONError() throws {
    let router = HTTPRouter()
    let reply = router.handle(try request(.get, "/nowhere"))
    guard case .response(let response) = reply else {
      Issue.record("expected a response, got \(reply)")
      return
    }
    expectEqual(response.status, 404)
    expectEqual(response.headers["content-type"], HTTPResponse.jsonContentType)
    let body = try JSONSerialization.jsonObject(with: response.body) as? [String: String]
    expectEqual(body, ["error": "there is nothing at /nowhere"])
  }

  @Test func aKnownPathWithAnotherMethodGets405ListingTheAllowedOnes() throws {
    var router = HTTPRouter()
    router.get("/friends/{id}") { _ in .response(.noContent) }
    router.put("/friends/{id}") { _ in .response(.noContent) }
    router.delete("/friends/{id}") { _ in .response(.noContent) }
    let reply = router.handle(try request(.post, "/friends/3"))
    guard case .response(let response) = reply else {
      Issue.record("expected a response, got \(reply)")
      return
    }
    expectEqual(response.status, 405)
    expectEqual(response.headers["Allow"], "GET, PUT, DELETE")
    let body = try JSONSerialization.jsonObject(with: response.body) as? [String: String]
    expectEqual(body, ["error": "POST is not allowed on /friends/3; use GET, PUT or DELETE"])
  }

  @Test func methodsAreCaseSensitive() throws {
    var router = HTTPRouter()
    router.get("/hello") { _ in .response(.text("hi")) }
    #expect(status(router.handle(try request("get", "/hello"))) == 405)
  }
}
