import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Testing

// The friends routes' answers to requests an HTTPClient would never send.
extension ServerAPITests {
  @Test(arguments: [
    ("", "the request body must be a JSON object"),
    ("{not json", "the request body must be a JSON object"),
    ("[]", "the request body must be a JSON object"),
    (#"{"firstName": "A", "lastName": "B"}"#, "the request body needs the field \"phoneNumber\""),
    (
      #"{"firstName": 1, "lastName": "B", "phoneNumber": "5550100"}"#,
      "the field \"firstName\" of the request body has the wrong type"
    ),
  ])
  func badFriendBodiesGet400(body: String, message: String) throws {
    try withAPI { api, _ in
      let answer = try send(api, .post, "/friends", body: body)
      expectEqual(answer.status, 400)
      expectEqual(answer.error, message)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func theFriendsAndSearchRoutesNeedASession(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      for (method, target, body) in [
        (HTTPMethod.get, "/friends", ""), (.get, "/friends/1", ""),
        (.put, "/friends/1", Self.draft),
        (.delete, "/friends/1", ""), (.post, "/friends", Self.draft), (.get, "/search?q=a", ""),
      ] {
        let answer = try send(api, method, target, body: body, signedIn: false)
        expectEqual(answer.status, 401, "\(method) \(target)")
        expectEqual(answer.headers["WWW-Authenticate"], #"Bearer realm="api""#)
      }
      #expect(try api.storage.records.records(Friend.self).count == 20)
      #expect(try api.storage.records.record(Friend.self, id: 1).firstName == "Liam")
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func identifiersMustBeWholeNumbers(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      for (method, target) in [
        (HTTPMethod.get, "/friends/abc"), (.delete, "/friends/1.5"), (.get, "/people/x/posts"),
      ] {
        let answer = try send(api, method, target)
        expectEqual(answer.status, 400)
        expectEqual(answer.error, "the identifier in the path must be a whole number")
      }
    }
  }
}

extension ServerAPITests {
  /// A friend's fields as a request body.
  static let draft =
    #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100"}"#
}
