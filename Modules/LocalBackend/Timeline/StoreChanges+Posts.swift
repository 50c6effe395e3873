import Models
import Services

extension StoreChanges {
  /// Posts of a store are sorted newest first with unique identifiers, which allows a
  /// single merge pass; other lists get the general algorithm.
  static func postChanges(old: [Post], new: [Post]) -> ChangeSet {
    func descending(_ posts: [Post]) -> Bool {
      zip(posts, posts.dropFirst()).allSatisfy { $0.id > $1.id }
    }
    if descending(old), descending(new) {
      return ChangeSet.computeForDescendingIds(old: old, new: new)
    }
    return ChangeSet.compute(old: old, new: new)
  }
}
