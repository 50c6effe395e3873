import Models
import ReactiveCore

/// The __phrase__ entries and their changes.
///
/// Every call fails with a ``ServiceError``: `.invalid` for a text ``__Feature__Item/validate(_:)``
/// refuses (nothing is written), `.notFound` for an unknown id.
public protocol __Feature__Service: AnyObject {
  /// Every entry, oldest first.
  func __feature__Items() -> Single<[__Feature__Item]>
  /// Adds an entry with `text` (trimmed) and returns it with its id and time.
  func add__Feature__Item(text: String) -> Single<__Feature__Item>
  /// Removes the entry with `id`.
  func remove__Feature__Item(id: Int) -> Completable
  /// A signal each time the entries change, including by another process.
  var __feature__ItemsChanged: Observable<Void> { get }
}
