import Foundation
import ReactiveTesting
import Testing

@testable import HTTPServer

/// What the server refuses before a handler runs, besides the policies: two credentials, a
/// JSON body with a name given twice in one object, and JSON nested past the limit.
@Suite(.timeLimit(.minutes(1))) struct RequestBodyCheckTests {
  private func exchange(_ server: HTTPServer, _ headers: [String], body: String) -> RawResponse {
    var text = "POST /echo HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
    for header in headers { text += header + "\r\n" }
    text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    do {
      return try RawClient.exchange(port: server.port, text)
    } catch {
      Issue.record(error)
      return RawResponse(bytes: [])
    }
  }

  static let json = "Content-Type: application/json"

  @Test func twoAuthorizationHeadersGet400() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      let one = exchange(server, [Self.json, "Authorization: Bearer a"], body: "{}")
      expectEqual(one.status, 200)
      let two = exchange(
        server, [Self.json, "Authorization: Bearer a", "Authorization: Bearer b"], body: "{}")
      expectEqual(two.status, 400)
      expectEqual(two.body, #"{"error":"the request must have at most one Authorization header"}"#)
    }
  }

  @Test func aNameTwiceInOneObjectGets400() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      let twice = exchange(server, [Self.json], body: #"{"name": "a", "name": "b"}"#)
      expectEqual(twice.status, 400)
      expectEqual(
        twice.body,
        #"{"error":"the request body has the field \"name\" more than once in one object"}"#)
      // The same name in two objects, or in an array of objects, is fine.
      let apart = exchange(
        server, [Self.json], body: #"{"a": {"name": 1}, "b": [{"name": 2}, {"name": 3}]}"#)
      expectEqual(apart.status, 200)
    }
  }

  @Test func nestingPastTheLimitGets400NamingTheLimit() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      let deep = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
      let response = exchange(server, [Self.json], body: deep)
      expectEqual(response.status, 400)
      #expect(
        response.body
          == #"{"error":"the request body nests objects and arrays more than 64 levels deep; the limit is 64"}"#
      )
      let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
      expectEqual(exchange(server, [Self.json], body: allowed).status, 200)
    }
  }

  @Test(arguments: [
    (#"{"a":1,"\u0061":2}"#, "a"), (#"{"x":{"k":1},"k":[],"k":0}"#, "k"),
    (#"{"\"q":1,"\"q":2}"#, "\"q"), (#"{"😀":1,"\ud83d\ude00":2}"#, "😀"),
    (#"{"e\u0301":1,"é":2}"#, "é"),
  ])
  func escapedNamesAreComparedAsTheirText(body: String, name: String) {
    let problem = JSONBodyCheck.problem(in: Array(body.utf8)[...], maximumNesting: 64)
    expectEqual(problem, "the request body has the field \"\(name)\" more than once in one object")
  }

  @Test(arguments: [
    #"{"a":"{\"a\":1}","b":"a"}"#, #"[{"a":1},{"a":2}]"#, #"{"a":1,"#, #"}}"#, #"{"a"#, "",
  ])
  func otherBodiesAreLeftToTheDecoder(body: String) {
    #expect(JSONBodyCheck.problem(in: Array(body.utf8)[...], maximumNesting: 64) == nil)
  }
}
