import AppAPI
import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

/// The timeline's and people's endpoints end to end: HTTPClient → HTTPServer with ServerAPI → LocalStore.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientTimelineTests {
  @Test func timelinePagesMatchTheStoreWithExactDates() async throws {
    try await withAppServer { fixture in
      let fresh = try fixture.store.generatePosts(
        count: 3, date: Date(timeIntervalSince1970: 1_720_000_000.250))
      let client = fixture.client
      let first = try await client.timeline()
      #expect(first == (try fixture.store.timeline()))
      expectEqual(first.count, HTTPAPI.defaultPageSize)
      expectEqual(Array(first.prefix(3)), fresh)
      expectEqual(first[0].date, Date(timeIntervalSince1970: 1_720_000_000.250))

      let newer = try await client.timeline(sinceId: 100, limit: 2)
      #expect(newer == (try fixture.store.timeline(sinceId: 100, limit: 2)))
      expectEqual(newer.map(\.id), [103, 102])
      let older = try await client.timeline(maxId: 50, limit: 5)
      expectEqual(older.map(\.id), [49, 48, 47, 46, 45])
      let window = try await client.timeline(sinceId: 10, maxId: 14, limit: 100)
      expectEqual(window.map(\.id), [13, 12, 11])
    }
  }

  @Test func aPageSizeOutOfRangeIsRefused() async throws {
    try await withAppServer { fixture in
      let failure = await serviceError { try await fixture.client.timeline(limit: 0) }
      expectEqual(failure, .invalid("limit must be a whole number from 1 to 100"))
      let tooMany = await serviceError {
        try await fixture.client.posts(byPerson: 1, limit: HTTPAPI.maximumPageSize + 1)
      }
      expectEqual(tooMany, .invalid("limit must be a whole number from 1 to 100"))
    }
  }

  @Test func peopleAndTheirPostsMatchTheStore() async throws {
    try await withAppServer { fixture in
      let people = try await fixture.client.people()
      #expect(people == (try fixture.store.people()))
      expectEqual(people.count, StoreSeed.demoAuthors.count)
      let person = people[1]
      let posts = try await fixture.client.posts(byPerson: person.id, limit: 5)
      #expect(posts == (try fixture.store.posts(byPerson: person.id, limit: 5)))
      #expect(posts.count == 5 && posts.allSatisfy { $0.authorId == person.id })
      let older = try await fixture.client.posts(byPerson: person.id, maxId: posts[4].id, limit: 3)
      #expect(older == (try fixture.store.posts(byPerson: person.id, maxId: posts[4].id, limit: 3)))
      let newer = try await fixture.client.posts(byPerson: person.id, sinceId: posts[1].id)
      expectEqual(newer, Array(posts.prefix(1)))
      #expect(try await fixture.client.posts(byPerson: 999).isEmpty)
    }
  }
}
