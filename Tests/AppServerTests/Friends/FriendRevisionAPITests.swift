import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import Testing

/// `PUT /friends/{id}` and the friend's revision, checked without sockets.
@Suite struct FriendRevisionAPITests {
  private func withAPI(_ body: (ServerAPI, LocalStore) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("friend-revision-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try LocalStore(directory: directory)
    try body(ServerAPI(store: store, log: { _ in }), store)
  }

  private func put(_ api: ServerAPI, _ id: Int, _ body: String) throws -> (Int, [String: Any]) {
    var headers = HTTPHeaders()
    headers.set(
      "Authorization", "Bearer " + api.sessions.start(for: StoreSeed.demoAccount).text)
    let request = try HTTPRequest(
      method: .put, target: "/friends/\(id)", headers: headers, body: Data(body.utf8))
    guard case .response(let response) = api.handle(request) else {
      Issue.record("PUT /friends/\(id) did not get a response")
      return (0, [:])
    }
    let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return (response.status, json ?? [:])
  }

  @Test func theCurrentRevisionIsSavedAndAnsweredWithTheNextOne() throws {
    try withAPI { api, store in
      let (status, json) = try put(
        api, 1, #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100", "revision": 1}"#
      )
      #expect(status == 200)
      #expect(json["revision"] as? Int == 2)
      #expect(try store.friend(id: 1).revision == 2)
    }
  }

  @Test func aStaleRevisionGets409AndChangesNothing() throws {
    try withAPI { api, store in
      var meanwhile = try store.friend(id: 1)
      meanwhile.firstName = "Meanwhile"
      let current = try store.updateFriend(meanwhile)
      let (status, json) = try put(
        api, 1, #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100", "revision": 1}"#
      )
      #expect(status == 409)
      #expect(json["error"] as? String == "friend 1 was changed elsewhere")
      #expect(try store.friend(id: 1) == current)
    }
  }

  @Test func aChangeWithoutARevisionOverwritesAnyRevision() throws {
    try withAPI { api, store in
      var meanwhile = try store.friend(id: 1)
      meanwhile.firstName = "Meanwhile"
      try store.updateFriend(meanwhile)
      let (status, json) = try put(
        api, 1, #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100"}"#)
      #expect(status == 200)
      #expect(json["revision"] as? Int == 3)
      #expect(try store.friend(id: 1).firstName == "Eve")
    }
  }
}
