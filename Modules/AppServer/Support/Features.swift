import HTTPServer

extension Endpoints {
  /// Every feature's routes: one line each, each a method of `Endpoints` declared in the
  /// feature's folder.
  static let features: [@Sendable (Endpoints) -> (inout HTTPRouter) -> Void] = [
    Endpoints.addFriendsRoutes(to:),
    Endpoints.addSearchRoutes(to:),
    Endpoints.addTimelineRoutes(to:),
  ]
}
