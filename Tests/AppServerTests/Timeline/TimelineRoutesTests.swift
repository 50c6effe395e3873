import AppServer
import Authentication
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Testing

/// The timeline's `before` parameter, checked without sockets.
@Suite struct TimelineRoutesTests {
  /// The status, and the post ids or the error message, of a signed-in `GET target`.
  private func get(_ target: String) throws -> (status: Int, ids: [Int]?, error: String?) {
    try ServerTestBackend.embedded.withContext { context in
      let api = ServerAPI(storage: try context.open(), log: { _ in })
      var headers = HTTPHeaders()
      headers.set(
        "Authorization", "Bearer " + (try api.storage.sessions.start(for: "ada@example.com").text))
      let request = try HTTPRequest(method: .get, target: target, headers: headers, body: Data())
      guard case .response(let response) = api.handle(request) else {
        Issue.record("GET \(target) did not get a response")
        return (0, nil, nil)
      }
      let json = try JSONSerialization.jsonObject(with: response.body)
      let ids = (json as? [[String: Any]])?.compactMap { $0["id"] as? Int }
      return (response.status, ids, (json as? [String: Any])?["error"] as? String)
    }
  }

  @Test func beforeAnswersThePageBeforeAPost() throws {
    let page = try get("/timeline?before=81")
    expectEqual(page.status, 200)
    expectEqual(page.ids, Array((61...80).reversed()))
    #expect(try get("/timeline?before=4&limit=2").ids == [3, 2])
    #expect(try get("/timeline?before=1").ids == [])
  }

  @Test func beforeIsCheckedAndDoesNotGoWithMaxId() throws {
    let word = try get("/timeline?before=x")
    expectEqual(word.status, 400)
    expectEqual(word.error, "before must be a whole number")
    let both = try get("/timeline?before=10&max_id=20")
    expectEqual(both.status, 400)
    expectEqual(both.error, "give either before or max_id, not both")
  }
}
