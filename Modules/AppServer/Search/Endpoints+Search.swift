import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// Searching friends by name.
  func addSearchRoutes(to router: inout HTTPRouter) {
    let records = self.records
    router.add(HTTPAPI.search, signedIn: self) { call in
      try records.searchFriends(matching: call.request.queryValue("q") ?? "")
    }
  }
}
