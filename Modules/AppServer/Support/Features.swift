import HTTPServer
import Models

extension Endpoints {
  /// Every feature's routes: one line each, `Endpoints.records(Record.self)` for the routes
  /// every collection of records has, or a method of `Endpoints` declared in the feature's
  /// folder for routes of its own.
  static let features: [@Sendable (Endpoints) -> (inout HTTPRouter) -> Void] = [
    Endpoints.records(Friend.self),
    Endpoints.addSearchRoutes(to:),
    Endpoints.addTimelineRoutes(to:),
  ]
}
