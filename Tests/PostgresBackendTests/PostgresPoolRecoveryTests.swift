import Dispatch
import Foundation
import PostgresClient
import ReactiveTesting
import Synchronization
import TestSupport
import Testing

#if Postgres
  import PostgresBackend
#endif

/// Connections of the pool that the database ended while they were idle
/// (`pg_terminate_backend`, as an administrator or a failover does) are replaced before a
/// request uses them.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(1)))
struct PostgresPoolRecoveryTests {
  @Test func requestsSentRightAfterTheDatabaseEndedEveryPooledConnectionAllSucceed() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty, maximumConnections: 6)
        // Six requests at once leave six idle connections in the pool.
        let inside = DispatchGroup()
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<6 {
          inside.enter()
          done.enter()
          DispatchQueue.global().async {
            _ = try? store.pool.withConnection { connection in
              _ = try connection.query("SELECT 1")
              inside.leave()
              _ = release.wait(timeout: .now() + 60)
            }
            done.leave()
          }
        }
        expectEqual(inside.wait(timeout: .now() + 60), .success)
        for _ in 0..<6 { release.signal() }
        expectEqual(done.wait(timeout: .now() + 60), .success)

        let admin = try PostgresConnection(url: url)
        let ended = try admin.query(
          """
          SELECT count(*) FROM (
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()) AS ended
          """)
        #expect(try ended.first?.int(0) == 6)
        // At once, without waiting for the backends to be gone: six requests, one after
        // the other, and six at the same time.
        var failures: [String] = []
        for _ in 0..<6 {
          do {
            _ = try store.credentials(email: "someone@example.com")
          } catch {
            failures.append("\(error)")
          }
        }
        expectEqual(failures, [])
        _ = try admin.query(
          """
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
          """)
        let concurrentFailures = DispatchQueue.concurrentFailures(6) {
          _ = try store.credentials(email: "someone@example.com")
        }
        expectEqual(concurrentFailures, [])
      }
    #endif
  }
}

extension DispatchQueue {
  /// Runs `body` `count` times at once and returns the errors it threw, described.
  fileprivate static func concurrentFailures(
    _ count: Int, _ body: @Sendable () throws -> Void
  ) -> [String] {
    let failures = Mutex<[String]>([])
    concurrentPerform(iterations: count) { _ in
      do {
        try body()
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    return failures.withLock { $0 }
  }
}
