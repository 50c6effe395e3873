import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// The timeline, the people who post and one person's posts.
  func addTimelineRoutes(to router: inout HTTPRouter) {
    let records = self.records
    router.add(HTTPAPI.timeline, signedIn: self) { call in
      let page = try Page(call.request)
      return try records.timeline(sinceId: page.sinceId, maxId: page.maxId, limit: page.limit)
    }
    router.add(HTTPAPI.people, signedIn: self) { _ in try records.people() }
    router.add(HTTPAPI.personPosts, signedIn: self) { call in
      let page = try Page(call.request)
      return try records.posts(
        byPerson: call.id, sinceId: page.sinceId, maxId: page.maxId, limit: page.limit)
    }
  }

  /// A page's parameters read from the query.
  fileprivate struct Page {
    var sinceId: Int?
    var maxId: Int?
    var limit = HTTPAPI.defaultPageSize

    /// Reads `since_id`, `max_id` (or its other name `before`) and `limit` from the query,
    /// or throws the 400 answer that says what is wrong with them.
    init(_ request: HTTPRequest) throws(ReplyError) {
      func refuse(_ message: String) -> ReplyError {
        ReplyError(reply: .error(status: 400, message: message))
      }
      if request.queryValue("max_id") != nil, request.queryValue("before") != nil {
        throw refuse("give either before or max_id, not both")
      }
      for (name, keyPath) in [
        ("since_id", \Page.sinceId), ("max_id", \Page.maxId), ("before", \Page.maxId),
      ] {
        guard let text = request.queryValue(name) else { continue }
        guard let value = Int(text) else { throw refuse("\(name) must be a whole number") }
        self[keyPath: keyPath] = value
      }
      if let text = request.queryValue("limit") {
        guard let limit = Int(text), (1...HTTPAPI.maximumPageSize).contains(limit) else {
          throw refuse("limit must be a whole number from 1 to \(HTTPAPI.maximumPageSize)")
        }
        self.limit = limit
      }
    }
  }

}
