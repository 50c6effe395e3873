import Foundation
import Models
import ReactiveCore
import Services

extension LocalBackend: TimelineService {
  /// Posts newer than the cursor.
  public func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    read("timeline") { store in try store.timeline(sinceId: cursor.newestId, limit: limit) }
  }

  /// Posts older than the cursor.
  public func timeline(before cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    read("timeline") { store in try store.timeline(maxId: cursor.oldestId, limit: limit) }
  }

  /// A person's posts newer than the cursor.
  public func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    read("posts") { store in
      try store.posts(byPerson: person.id, sinceId: cursor.newestId, limit: limit)
    }
  }

  /// A person's posts older than the cursor.
  public func posts(of person: Person, before cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  {
    read("posts") { store in
      try store.posts(byPerson: person.id, maxId: cursor.oldestId, limit: limit)
    }
  }

  /// The people who post.
  public func people() -> Single<[Person]> {
    read("people") { store in try store.people() }
  }
}
