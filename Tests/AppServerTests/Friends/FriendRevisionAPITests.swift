import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Testing

/// `PUT /friends/{id}` and the friend's revision, checked without sockets.
@Suite struct FriendRevisionAPITests {
  private func withAPI(
    _ backend: ServerTestBackend, _ body: (ServerAPI, any RecordStore) throws -> Void
  ) throws {
    try backend.withContext { context in
      let storage = try context.open()
      try body(ServerAPI(storage: storage, log: { _ in }), storage.records)
    }
  }

  private func put(_ api: ServerAPI, _ id: Int, _ body: String) throws -> (Int, [String: Any]) {
    var headers = HTTPHeaders()
    headers.set(
      "Authorization", "Bearer " + (try api.storage.sessions.start(for: "ada@example.com").text))
    let request = try HTTPRequest(
      method: .put, target: "/friends/\(id)", headers: headers, body: Data(body.utf8))
    guard case .response(let response) = api.handle(request) else {
      Issue.record("PUT /friends/\(id) did not get a response")
      return (0, [:])
    }
    let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    return (response.status, json ?? [:])
  }

  @Test(arguments: ServerTestBackend.all)
  func theCurrentRevisionIsSavedAndAnsweredWithTheNextOne(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, store in
      let (status, json) = try put(
        api, 1, #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100", "revision": 1}"#
      )
      expectEqual(status, 200)
      #expect(json["revision"] as? Int == 2)
      #expect(try store.record(Friend.self, id: 1).revision == 2)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func aStaleRevisionGets409AndChangesNothing(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, store in
      var meanwhile = try store.record(Friend.self, id: 1)
      meanwhile.firstName = "Meanwhile"
      let current = try store.update(meanwhile)
      let (status, json) = try put(
        api, 1, #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100", "revision": 1}"#
      )
      expectEqual(status, 409)
      #expect(json["error"] as? String == "friend 1 was changed elsewhere")
      #expect(try store.record(Friend.self, id: 1) == current)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func aChangeWithoutARevisionOverwritesAnyRevision(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, store in
      var meanwhile = try store.record(Friend.self, id: 1)
      meanwhile.firstName = "Meanwhile"
      try store.update(meanwhile)
      let (status, json) = try put(
        api, 1, #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100"}"#)
      expectEqual(status, 200)
      #expect(json["revision"] as? Int == 3)
      #expect(try store.record(Friend.self, id: 1).firstName == "Eve")
    }
  }
}
