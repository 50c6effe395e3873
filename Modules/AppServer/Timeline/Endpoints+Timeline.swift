import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// The timeline, the people who post and one person's posts.
  func addTimelineRoutes(to router: inout HTTPRouter) {
    router.add(HTTPAPI.timeline, signedIn: self) { request, _ in
      self.withPage(request) { page in
        self.answer {
          try records.timeline(sinceId: page.sinceId, maxId: page.maxId, limit: page.limit)
        }
      }
    }
    router.add(HTTPAPI.people, signedIn: self) { _, _ in self.answer { try records.people() } }
    router.add(HTTPAPI.personPosts, signedIn: self) { request, _ in
      self.withIdentifier(request) { id in
        self.withPage(request) { page in
          self.answer {
            try records.posts(
              byPerson: id, sinceId: page.sinceId, maxId: page.maxId, limit: page.limit)
          }
        }
      }
    }
  }

  /// A page's parameters read from the query.
  fileprivate struct Page {
    var sinceId: Int?
    var maxId: Int?
    var limit: Int
  }

  /// Reads `since_id`, `max_id` (or its other name `before`) and `limit` from the query.
  fileprivate func withPage(_ request: HTTPRequest, _ body: (Page) -> HTTPReply) -> HTTPReply {
    var page = Page(limit: HTTPAPI.defaultPageSize)
    if request.queryValue("max_id") != nil, request.queryValue("before") != nil {
      return .error(status: 400, message: "give either before or max_id, not both")
    }
    for (name, keyPath) in [
      ("since_id", \Page.sinceId), ("max_id", \Page.maxId), ("before", \Page.maxId),
    ] {
      guard let text = request.queryValue(name) else { continue }
      guard let value = Int(text) else {
        return .error(status: 400, message: "\(name) must be a whole number")
      }
      page[keyPath: keyPath] = value
    }
    if let text = request.queryValue("limit") {
      guard let limit = Int(text), (1...HTTPAPI.maximumPageSize).contains(limit) else {
        return .error(
          status: 400,
          message: "limit must be a whole number from 1 to \(HTTPAPI.maximumPageSize)")
      }
      page.limit = limit
    }
    return body(page)
  }

}
