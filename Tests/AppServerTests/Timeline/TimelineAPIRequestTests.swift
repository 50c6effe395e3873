import AppServer
import Foundation
import HTTPServer
import LocalBackend
import ReactiveTesting
import Testing

// The timeline routes' answers to requests an HTTPClient would never send.
extension ServerAPITests {
  @Test(arguments: ServerTestBackend.all)
  func theTimelineRoutesNeedASession(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      for target in ["/timeline", "/people", "/people/1/posts"] {
        let answer = try send(api, .get, target, signedIn: false)
        expectEqual(answer.status, 401, "GET \(target)")
        expectEqual(answer.headers["WWW-Authenticate"], #"Bearer realm="api""#)
      }
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func datesAreISO8601(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let answer = try send(api, .get, "/timeline?limit=1")
      let post = (answer.json as? [[String: Any]])?.first
      #expect(post?["date"] as? String == "2024-03-04T10:15:00Z")
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func pagingParametersAreChecked(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let since = try send(api, .get, "/timeline?since_id=x")
      expectEqual(since.status, 400)
      expectEqual(since.error, "since_id must be a whole number")
      let max = try send(api, .get, "/timeline?max_id=")
      expectEqual(max.error, "max_id must be a whole number")
      let tooMany = try send(api, .get, "/timeline?limit=101")
      expectEqual(tooMany.error, "limit must be a whole number from 1 to 100")
      let most = try send(api, .get, "/timeline?limit=100")
      expectEqual(most.status, 200)
      expectEqual((most.json as? [Any])?.count, 100)
    }
  }
}
