import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

/// The embedded backend's search, on virtual time.
@Suite(.timeLimit(.minutes(1))) struct LocalBackendSearchTests {
  @Test func searchAnswersTheStoresMatches() throws {
    try withBackend { fixture in
      let matches = try fixture.store.searchFriends(matching: "an")
      #expect(matches.count > 1)
      #expect(matches.count < 20)
      expectEqual(fixture.run(fixture.backend.search("an")), [.next(0, matches), .completed(0)])
      expectEqual(fixture.run(fixture.backend.search("zzzz")), [.next(0, []), .completed(0)])
    }
  }
}
