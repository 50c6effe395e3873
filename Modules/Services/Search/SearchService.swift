import Models
import ReactiveCore

/// Searches friends by name.
public protocol SearchService: AnyObject {
  /// The friends whose first or last name contains `query`, ignoring case.
  func search(_ query: String) -> Single<[Friend]>
}
