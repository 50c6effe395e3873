import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import Testing

/// The backend's search and posts over a real server (see `withAppServer`), end to end.
@Suite(.timeLimit(.minutes(3))) struct RemoteBackendTimelineTests {
  @Test func searchAndTimelineCallsRoundTrip() async throws {
    try await withAppServer(timeout: hangBound) { fixture in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      let store = fixture.store
      let matches = try await backend.search("an").value
      #expect(matches == (try store.searchFriends(matching: "an")))
      #expect(matches.count > 1)

      let cursor = TimelineCursor(newestId: 95, oldestId: 60)
      let newer = try await backend.timeline(after: cursor, limit: 3).value
      expectEqual(newer.map(\.id), [100, 99, 98])
      #expect(newer == (try store.timeline(sinceId: 95, limit: 3)))
      #expect(try await backend.timeline(after: .none, limit: 20).value == (try store.timeline()))
      let older = try await backend.timeline(before: cursor, limit: 5).value
      expectEqual(older.map(\.id), [59, 58, 57, 56, 55])
      #expect(older == (try store.timeline(maxId: 60, limit: 5)))
      let oldest = TimelineCursor(newestId: 100, oldestId: 1)
      #expect(try await backend.timeline(before: oldest, limit: 5).value == [])

      let people = try await backend.people().value
      #expect(people == (try store.people()))
      expectEqual(people.count, StoreSeed.demoAuthors.count)
      let person = people[1]
      let theirs = try await backend.posts(of: person, after: .none, limit: 100).value
      #expect(theirs == (try store.posts(byPerson: person.id, limit: 100)))
      #expect(!theirs.isEmpty && theirs.allSatisfy { $0.authorId == person.id })
      let after = TimelineCursor(newestId: theirs[1].id, oldestId: nil)
      #expect(try await backend.posts(of: person, after: after, limit: 100).value == [theirs[0]])
      let seen = TimelineCursor(newestId: theirs[0].id, oldestId: theirs[0].id)
      let before = try await backend.posts(of: person, before: seen, limit: 1).value
      expectEqual(before, [theirs[1]])
    }
  }
}
