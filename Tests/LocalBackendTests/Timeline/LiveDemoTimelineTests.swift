import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

/// The demo's live timeline: posts written while a timeline is watched, on virtual time.
@Suite(.timeLimit(.minutes(1))) struct LiveDemoTimelineTests {
  /// The posts newer than the seeded 100, oldest first, as "id author @milliseconds".
  static func livePosts(_ store: LocalStore, since start: Date) throws -> [String] {
    try store.timeline(sinceId: 100, limit: 100).reversed().map { post in
      "\(post.id) \(post.authorName) @\(Int((post.date.timeIntervalSince(start) * 1_000).rounded()))"
    }
  }

  @Test func postsComeEvery20To40SecondsOnlyWhileWatched() throws {
    try withBackend { fixture in
      let clock = fixture.clock
      let start = clock.now
      let live = LiveDemoTimeline(backend: fixture.backend, scheduler: clock)
      // Two overlapping watches, from 10 s to 100 s and from 50 s to 130 s, share one writer.
      let watches = CompositeDisposable()
      let first = SerialDisposable()
      clock.scheduleAt(10_000) { first.disposable = live.watchTimeline().subscribe() }
      clock.scheduleAt(50_000) { _ = watches.insert(live.watchTimeline().subscribe()) }
      clock.scheduleAt(100_000) { first.dispose() }
      clock.scheduleAt(130_000) { watches.dispose() }
      clock.advanceTo(400_000)

      let posts = try Self.livePosts(fixture.store, since: start)
      expectEqual(
        posts,
        [
          "101 Hanna Virtanen @36856", "102 Tomás Ibarra @74897", "103 Rosa Delgado @106570",
        ])
      // The times are those drawn, 20 to 40 s apart, from the first watch on; the next one
      // would have come after 130 s, when the last watch ended.
      let times = [10_000] + posts.map { Int($0.split(separator: "@")[1])! }
      #expect(zip(times, times.dropFirst()).allSatisfy { (20_000...40_000).contains($1 - $0) })
      // Each post is an existing person's.
      let authors = Set(try fixture.store.people().map(\.name))
      let written = try fixture.store.timeline(sinceId: 100)
      #expect(written.allSatisfy { authors.contains($0.authorName) })
    }
  }

  @Test func theSameSeedGivesTheSamePostsAndAnotherSeedOthers() throws {
    func times(seed: UInt64) throws -> [String] {
      try withBackend { fixture in
        let start = fixture.clock.now
        let live = LiveDemoTimeline(
          backend: fixture.backend, scheduler: fixture.clock,
          pace: .init(shortest: .seconds(20), longest: .seconds(40), seed: seed))
        let watch = live.watchTimeline().subscribe()
        fixture.clock.advanceTo(200_000)
        watch.dispose()
        return try Self.livePosts(fixture.store, since: start)
      }
    }
    let (seven, again, eight) = (try times(seed: 7), try times(seed: 7), try times(seed: 8))
    #expect(!seven.isEmpty && seven == again)
    #expect(seven != eight)
  }

  @Test func aPostThatCannotBeWrittenIsSkippedAndTheNextOneComes() throws {
    try withBackend(faults: .init(failing: ["livePost"])) { fixture throws in
      let live = LiveDemoTimeline(backend: fixture.backend, scheduler: fixture.clock)
      let watch = live.watchTimeline().subscribe()
      fixture.clock.advanceTo(200_000)
      watch.dispose()
      #expect(try fixture.store.timeline(sinceId: 100).isEmpty)
      // The other calls answer as the backend does.
      #expect(
        fixture.run(live.timeline(after: .none, limit: 3)).first?.value.element
          == (try fixture.store.timeline(limit: 3)))
    }
  }
}
