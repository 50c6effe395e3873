import Foundation
import Models
import Services

extension RecordStore {
  /// One page of the timeline, newest first.
  ///
  /// - Parameters:
  ///   - sinceId: When set, only posts with a larger identifier (newer than what was seen).
  ///   - maxId: When set, only posts with a smaller identifier (older than what was seen).
  ///   - limit: The most posts to return; the newest matching posts are kept.
  public func timeline(
    sinceId: Int? = nil, maxId: Int? = nil, limit: Int = 20
  ) throws(StoreError) -> [Post] {
    try page(Post.self, sinceId: sinceId, maxId: maxId, limit: limit)
  }

  /// One page of one person's posts, newest first; the parameters are those of
  /// ``timeline(sinceId:maxId:limit:)``.
  public func posts(
    byPerson personId: Int, sinceId: Int? = nil, maxId: Int? = nil, limit: Int = 20
  ) throws(StoreError) -> [Post] {
    try page(Post.self, sinceId: sinceId, maxId: maxId, limit: limit) { post in
      post.authorId == personId
    }
  }

  /// Everyone who wrote a post, sorted by name in `ReadingOrder` (as every list of names
  /// is), each with the name of their newest post.
  public func people() throws(StoreError) -> [Person] {
    var seen = Set<Int>()
    var people: [Person] = []
    for post in try records(Post.self) where seen.insert(post.authorId).inserted {
      people.append(post.author)
    }
    return people.sorted { a, b in
      switch ReadingOrder.compare(a.name, b.name) {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: (a.name, a.id) < (b.name, b.id)
      }
    }
  }

  /// Saves posts: a post whose identifier is new is added, one whose identifier exists
  /// replaces the stored post. Saving posts that are already stored changes nothing on
  /// screen, so a fetched page can be saved without checking what is new. Dates are kept
  /// to the nearest millisecond.
  public func savePosts(_ posts: [Post]) throws(StoreError) {
    try save(posts)
  }
}

extension LocalStore {
  /// Adds `count` new demo posts dated `date`, as if other people had just written them.
  ///
  /// Identifiers continue after the largest one in use; the author and text follow from the
  /// identifier (see ``StoreSeed/demoPost(id:date:)``), so the result depends only on the
  /// store's contents and `date`.
  ///
  /// - Returns: The new posts, newest first.
  @discardableResult
  public func generatePosts(count: Int = 1, date: Date) throws(StoreError) -> [Post] {
    guard count > 0 else { return [] }
    return try modify { (file: StoreFile) throws(StoreError) in
      let first = file.list(Post.self).nextId
      var posts: [Post] = []
      for id in (first..<first + count).reversed() {
        posts.append(try Self.storable(StoreSeed.demoPost(id: id, date: date)))
      }
      return (.save(posts), posts)
    }
  }
}

extension StoreSnapshot {
  /// The posts, newest (largest identifier) first.
  public var posts: [Post] { records(Post.self) }
}

extension StoreChanges {
  /// How the posts changed, in the order of ``StoreSnapshot/posts`` (newest first).
  public var posts: ChangeSet { changes(of: Post.self) }
}
