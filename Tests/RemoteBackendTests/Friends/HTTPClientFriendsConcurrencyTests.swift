import Foundation
import LocalBackend
import Models
import RemoteBackend
import Testing

/// Many calls of one client at once, each answered with its own friend.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientFriendsConcurrencyTests {
  @Test func concurrentCallsAreIndependent() async throws {
    try await withAppServer { fixture in
      let client = fixture.client
      let names = try await withThrowingTaskGroup(of: String.self) { group in
        for id in 1...10 {
          group.addTask { try await client.record(Friend.self, id: id).firstName }
        }
        return try await group.reduce(into: Set<String>()) { $0.insert($1) }
      }
      #expect(
        names == Set(try (1...10).map { try fixture.store.record(Friend.self, id: $0).firstName }))
    }
  }
}
