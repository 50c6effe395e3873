import Foundation
import HTTPServer
import LocalBackend
import Models
import Testing

@testable import AppServer

// The __phrase__ routes: what a request adds is in the store, and bad input changes nothing.
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
      #expect(try send(api, .delete, "/__command__/\(id)").status == 204)
      #expect(try send(api, .delete, "/__command__/\(id)").status == 404)
      #expect(try api.storage.records.records(__Feature__Item.self).isEmpty)
      #expect(try send(api, .get, "/__command__", signedIn: false).status == 401)
    }
  }
}
