import AppAPI
import Foundation
import HTTPServer
import LocalBackend
import Models
import Testing

@testable import AppServer

// The __phrase__ routes: a draft of each field's example is added, listed, updated and
// removed, and bad input or a stale revision changes nothing.
extension ServerAPITests {
  @Test(arguments: ServerTestBackend.all)
  func __feature__RoutesAddListAndRemove(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let draft = try __Feature__Draft().setting(
        Dictionary(uniqueKeysWithValues: __Feature__Draft.fields.map { ($0.name, $0.example) }))
      // As a client sends it: dates in the API's ISO 8601 form.
      let body = String(decoding: try HTTPAPI.makeEncoder().encode(draft), as: UTF8.self)
      let added = try send(api, .post, "/__command__", body: body)
      #expect(added.status == 201)
      let stored = try api.storage.records.records(__Feature__Item.self)
      #expect(stored.map(\.draft) == [draft])
      if let field = __Feature__Draft.fields.first(where: { $0.typeName == "String" }) {
        let refused = try send(api, .post, "/__command__", body: "{\"\(field.name)\": \"\"}")
        #expect(refused.status == 400)
      }
      let list = try send(api, .get, "/__command__")
      #expect((list.json as? [[String: Any]])?.count == 1)
      let id = try #require((added.json as? [String: Any])?["id"] as? Int)
      // An update from the stored revision is saved at the next one; one from an older
      // revision is refused.
      var change = try #require(
        try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
      change["revision"] = 1
      let changeBody = String(
        decoding: try JSONSerialization.data(withJSONObject: change), as: UTF8.self)
      let updated = try send(api, .put, "/__command__/\(id)", body: changeBody)
      #expect(updated.status == 200)
      #expect((updated.json as? [String: Any])?["revision"] as? Int == 2)
      #expect(try send(api, .put, "/__command__/\(id)", body: changeBody).status == 409)
      #expect(try send(api, .delete, "/__command__/\(id)").status == 204)
      #expect(try send(api, .delete, "/__command__/\(id)").status == 404)
      #expect(try api.storage.records.records(__Feature__Item.self).isEmpty)
      #expect(try send(api, .get, "/__command__", signedIn: false).status == 401)
    }
  }
}
