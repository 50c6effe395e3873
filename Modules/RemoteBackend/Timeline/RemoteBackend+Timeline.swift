import Foundation
import Models
import ReactiveCore
import Services

extension RemoteBackend: TimelineService {
  /// Posts newer than the cursor.
  public func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    call { client in try await client.timeline(sinceId: cursor.newestId, maxId: nil, limit: limit) }
  }

  /// Posts older than the cursor, asked with the `before` query parameter.
  public func timeline(before cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    call { client in try await client.timeline(before: cursor.oldestId, limit: limit) }
  }

  /// A person's posts newer than the cursor.
  public func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    call { client in
      try await client.posts(
        byPerson: person.id, sinceId: cursor.newestId, maxId: nil, limit: limit)
    }
  }

  /// A person's posts older than the cursor, asked with the `max_id` query parameter.
  public func posts(of person: Person, before cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  {
    call { client in
      try await client.posts(byPerson: person.id, maxId: cursor.oldestId, limit: limit)
    }
  }

  /// The people who post.
  public func people() -> Single<[Person]> { call { client in try await client.people() } }
}
