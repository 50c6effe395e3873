import Authentication
import Dispatch
import Foundation
import LocalBackend
import ReactiveTesting
import Synchronization
import TestSupport
import Testing

#if Postgres
  import PostgresBackend
#endif

/// Sessions and the login throttle kept in PostgreSQL: two stores over one database stand
/// for two replicas.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(1)))
struct PostgresSessionAndThrottleTests {
  /// A clock the test moves by hand.
  final class Clock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
  }

  @Test func aSessionStartedOnOneReplicaIsUsedAndEndedOnAnother() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        let clock = Clock()
        func replica() -> SessionStore<String> {
          SessionStore(
            storage: PostgresSessionStorage(pool: store.pool),
            inactivityLimit: .seconds(3_600), maximumPerSubject: 2, now: { clock.now })
        }
        let a = replica()
        let b = replica()
        let token = try a.start(for: "ada@example.com")
        #expect(try b.subject(for: token.text) == "ada@example.com")
        try b.end(token.text)
        #expect(try a.subject(for: token.text) == nil)

        // The cap: a third session ends the oldest, whichever replica started them.
        let first = try a.start(for: "ada@example.com")
        clock.advance(1)
        let second = try b.start(for: "ada@example.com")
        clock.advance(1)
        let third = try a.start(for: "ada@example.com")
        #expect(try b.subject(for: first.text) == nil)
        #expect(try b.subject(for: second.text) == "ada@example.com")
        #expect(try b.subject(for: third.text) == "ada@example.com")

        // Use keeps a session alive; an hour without one ends it.
        clock.advance(3_000)
        #expect(try a.subject(for: second.text) == "ada@example.com")
        clock.advance(3_000)
        #expect(try b.subject(for: second.text) == "ada@example.com")
        #expect(try b.subject(for: third.text) == nil)
        #expect(try a.records.map(\.digest) == [second.digest])
        // Exactly the limit after the last use: expired, as in memory.
        clock.advance(3_600)
        #expect(try a.sweepExpired() == 1)

        let other = try a.start(for: "bob@example.com")
        try b.endAll(for: "bob@example.com")
        #expect(try a.subject(for: other.text) == nil)
        // Only digests are stored.
        let stored = try PostgresSessionStorage(pool: store.pool).all()
        #expect(!stored.contains { $0.digest == other.text })
      }
    #endif
  }

  @Test func replicasStartingSessionsTogetherKeepTheCap() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        let sessions = (0..<2).map { _ in
          SessionStore<String>(
            storage: PostgresSessionStorage(pool: store.pool), maximumPerSubject: 3)
        }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
          for _ in 0..<5 { _ = try? sessions[index % 2].start(for: "ada@example.com") }
        }
        #expect(try PostgresSessionStorage(pool: store.pool).all().count == 3)
      }
    #endif
  }

  @Test func failuresThroughEveryReplicaCountTowardsOneWait() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        let clock = Clock()
        func replica(maximumFailures: Int = 4) -> LoginThrottle<String> {
          LoginThrottle(
            rule: .init(maximumFailures: maximumFailures),
            storage: PostgresThrottleStorage(pool: store.pool), now: { clock.now })
        }
        let a = replica()
        let b = replica()
        let key = "ada@example.com"
        #expect(try a.check(key) == .allowed)
        #expect(try a.recordFailure(for: key) == .allowed)
        #expect(try b.recordFailure(for: key) == .allowed)
        #expect(try a.recordFailure(for: key) == .allowed)
        #expect(try b.recordFailure(for: key) == .wait(seconds: 30))
        #expect(try a.check(key) == .wait(seconds: 30))
        clock.advance(10)
        #expect(try b.check(key) == .wait(seconds: 20))
        clock.advance(20)
        #expect(try a.check(key) == .allowed)
        // After a wait, each failure doubles it.
        #expect(try a.recordFailure(for: key) == .wait(seconds: 60))
        try b.recordSuccess(for: key)
        #expect(try a.check(key) == .allowed)

        // Quiet keys are forgotten.
        _ = try a.recordFailure(for: "eve@example.com")
        clock.advance(15 * 60)
        try b.forgetQuietKeys()
        let rows = try store.pool.withConnection { connection in
          try connection.query("SELECT count(*) FROM login_attempts").first?.int(0)
        }
        expectEqual(rows, 0)

        // Failures from many threads through both replicas are all counted.
        let many = [replica(maximumFailures: 1_000), replica(maximumFailures: 1_000)]
        DispatchQueue.concurrentPerform(iterations: 8) { index in
          for _ in 0..<5 { _ = try? many[index % 2].recordFailure(for: "mallory@example.com") }
        }
        let counted = try store.pool.withConnection { connection in
          try connection.query(
            "SELECT cardinality(failures) FROM login_attempts WHERE key = $1",
            ["mallory@example.com"]
          ).first?.int(0)
        }
        expectEqual(counted, 40)
      }
    #endif
  }
}
