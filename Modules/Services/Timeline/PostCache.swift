import Models
import ReactiveCore

/// The posts the app has fetched, kept so the timeline can be shown from them.
public protocol PostCache: AnyObject {
  /// Stores `posts`, replacing those with the same ids.
  func save(_ posts: [Post]) -> Completable
  /// The cached posts, newest first, with what changed since the previous value (`nil` for the
  /// first value).
  var contents: Observable<CollectionSnapshot<Post>> { get }
}

/// A collection's contents and the change from its previous contents.
public struct CollectionSnapshot<Element: Sendable>: Sendable {
  /// The elements now.
  public var elements: [Element]
  /// What changed since the previous snapshot; `nil` for the first one.
  public var changes: ChangeSet?

  /// Creates a snapshot.
  public init(elements: [Element], changes: ChangeSet?) {
    self.elements = elements
    self.changes = changes
  }
}

extension CollectionSnapshot: Equatable where Element: Equatable {}
