import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// Searching friends by name.
  func addSearchRoutes(to router: inout HTTPRouter) {
    router.add(HTTPAPI.search, signedIn: self) { request, _ in
      self.answer { try records.searchFriends(matching: request.queryValue("q") ?? "") }
    }
  }
}
