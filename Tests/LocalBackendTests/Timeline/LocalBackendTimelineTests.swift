import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

/// The embedded backend's posts and people, on virtual time.
@Suite(.timeLimit(.minutes(1))) struct LocalBackendTimelineTests {
  @Test func theTimelineAnswersThePostsAfterTheCursor() throws {
    try withBackend { fixture throws in
      let newest = fixture.run(fixture.backend.timeline(after: .none, limit: 5))
      #expect(newest == [.next(0, try fixture.store.timeline(limit: 5)), .completed(0)])
      expectEqual(newest.first?.value.element?.map(\.id), [100, 99, 98, 97, 96])

      let cursor = TimelineCursor(newestId: 97, oldestId: 80)
      let after = fixture.run(fixture.backend.timeline(after: cursor, limit: 20))
      expectEqual(after.first?.value.element?.map(\.id), [100, 99, 98])
      expectEqual(after.last, .completed(0))
    }
  }

  @Test func theTimelineAnswersThePageBeforeTheCursorsOldestPost() throws {
    try withBackend { fixture in
      let cursor = TimelineCursor(newestId: 100, oldestId: 81)
      let older = fixture.run(fixture.backend.timeline(before: cursor, limit: 20))
      expectEqual(older.first?.value.element?.map(\.id), Array((61...80).reversed()))
      expectEqual(older.last, .completed(0))
      let last = TimelineCursor(newestId: 100, oldestId: 3)
      expectEqual(
        fixture.run(fixture.backend.timeline(before: last, limit: 20)).first?.value.element?
          .map(\.id), [2, 1])
      let oldest = TimelineCursor(newestId: 100, oldestId: 1)
      expectEqual(
        fixture.run(fixture.backend.timeline(before: oldest, limit: 20)),
        [
          .next(0, []), .completed(0),
        ])
    }
  }

  @Test func aPersonsPostsAreTheirsAfterTheCursor() throws {
    try withBackend { fixture in
      let person = try #require(try fixture.store.people().first)
      let all = try fixture.store.posts(byPerson: person.id, limit: 100)
      #expect(all.count > 3)
      let everything = fixture.run(fixture.backend.posts(of: person, after: .none, limit: 100))
      expectEqual(everything, [.next(0, all), .completed(0)])
      #expect(all.allSatisfy { $0.authorId == person.id })

      let cursor = TimelineCursor(newestId: all[2].id, oldestId: nil)
      let newer = fixture.run(fixture.backend.posts(of: person, after: cursor, limit: 100))
      expectEqual(newer, [.next(0, Array(all.prefix(2))), .completed(0)])

      let seen = TimelineCursor(newestId: all[0].id, oldestId: all[1].id)
      let older = fixture.run(fixture.backend.posts(of: person, before: seen, limit: 2))
      expectEqual(older, [.next(0, Array(all[2...3])), .completed(0)])
      let oldest = TimelineCursor(newestId: all[0].id, oldestId: all.last?.id)
      expectEqual(
        fixture.run(fixture.backend.posts(of: person, before: oldest, limit: 2)),
        [
          .next(0, []), .completed(0),
        ])
    }
  }

  @Test func peopleAreTheStoresAuthors() throws {
    try withBackend { fixture in
      let people = try fixture.store.people()
      expectEqual(people.count, StoreSeed.demoAuthors.count)
      expectEqual(fixture.run(fixture.backend.people()), [.next(0, people), .completed(0)])
    }
  }
}
