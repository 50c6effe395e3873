import Foundation
import FriendsServer
import HTTPServer
import LocalBackend
import Testing

// The friends routes' answers to requests an HTTPClient would never send.
extension FriendsAPITests {
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
      #expect(answer.status == 400)
      #expect(answer.error == message)
    }
  }

  @Test func identifiersMustBeWholeNumbers() throws {
    try withAPI { api, _ in
      for (method, target) in [
        (HTTPMethod.get, "/friends/abc"), (.delete, "/friends/1.5"), (.get, "/people/x/posts"),
      ] {
        let answer = try send(api, method, target)
        #expect(answer.status == 400)
        #expect(answer.error == "the identifier in the path must be a whole number")
      }
    }
  }
}

extension FriendsAPITests {
  /// A friend's fields as a request body.
  static let draft =
    #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100"}"#
}
