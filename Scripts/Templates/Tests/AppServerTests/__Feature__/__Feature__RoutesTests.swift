import Foundation
import HTTPServer
import LocalBackend
import Models
import Testing

@testable import AppServer

// The __phrase__ routes: what a request adds or changes is in the store, and bad input or a
// stale revision changes nothing.
extension ServerAPITests {
  @Test(arguments: ServerTestBackend.all)
  func __feature__RoutesAddListAndRemove(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let added = try send(api, .post, "/__command__", body: #"{"text": " flour "}"#)
      #expect(added.status == 201)
      #expect((added.json as? [String: Any])?["text"] as? String == "flour")
      let refused = try send(api, .post, "/__command__", body: #"{"text": ""}"#)
      #expect(refused.status == 400)
      #expect(refused.error == "An entry cannot be empty.")
      let list = try send(api, .get, "/__command__")
      #expect((list.json as? [[String: Any]])?.map { $0["text"] as? String } == ["flour"])
      #expect(try api.storage.records.records(__Feature__Item.self).map(\.text) == ["flour"])
      let id = try #require((added.json as? [String: Any])?["id"] as? Int)
      // An update from the stored revision is saved at the next one, keeping when the entry was
      // added; one from an older revision is refused.
      let change = #"{"text": "rye flour", "revision": 1}"#
      let updated = try send(api, .put, "/__command__/\(id)", body: change)
      #expect(updated.status == 200)
      #expect((updated.json as? [String: Any])?["revision"] as? Int == 2)
      #expect(
        (updated.json as? [String: Any])?["createdAt"] as? String
          == (added.json as? [String: Any])?["createdAt"] as? String)
      #expect(try send(api, .put, "/__command__/\(id)", body: change).status == 409)
      let read = try send(api, .get, "/__command__/\(id)")
      #expect((read.json as? [String: Any])?["text"] as? String == "rye flour")
      #expect(try send(api, .delete, "/__command__/\(id)").status == 204)
      #expect(try send(api, .delete, "/__command__/\(id)").status == 404)
      #expect(try api.storage.records.records(__Feature__Item.self).isEmpty)
      #expect(try send(api, .get, "/__command__", signedIn: false).status == 401)
    }
  }
}
