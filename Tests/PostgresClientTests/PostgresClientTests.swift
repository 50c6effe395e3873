import Dispatch
import Foundation
import PostgresClient
import ReactiveTesting
import Synchronization
import TestSupport
import Testing

/// The client against a real PostgreSQL, one fresh database per test.
@Suite(.enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable))
struct PostgresClientTests {
  @Test func valuesAreSentApartFromTheStatementSoNoTextCanChangeIt() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let connection = try PostgresConnection(url: url)
        try connection.query("CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)")
        let attempts = [
          "'); DROP TABLE notes; --", "\" OR 1=1 --", "$1", "Robert'); DELETE FROM notes;",
          "\\'; SELECT pg_sleep(10); --", "李 🙂 \n\t", "",
        ]
        for text in attempts {
          try connection.query("INSERT INTO notes (text) VALUES ($1)", [text])
        }
        let stored = try connection.query("SELECT text FROM notes ORDER BY id").rows.map {
          try $0.string(0)
        }
        expectEqual(stored, attempts)
        let found = try connection.query(
          "SELECT count(*) FROM notes WHERE text = $1", ["\" OR 1=1 --"])
        #expect(try found.first?.int(0) == 1)
      }
    #endif
  }

  @Test func aNulCharacterIsRefusedBeforeItIsSent() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let connection = try PostgresConnection(url: url)
        #expect(throws: PostgresError.self) {
          try connection.query("SELECT $1::text", ["a\u{0}b"])
        }
        #expect(try connection.query("SELECT $1::text", ["ab"]).first?.string(0) == "ab")
      }
    #endif
  }

  @Test func aStatementPastItsTimeLimitIsCancelled() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let connection = try PostgresConnection(url: url, statementTimeoutMilliseconds: 100)
        let error = #expect(throws: PostgresError.self) {
          try connection.query("SELECT pg_sleep(10)")
        }
        expectEqual(error?.isTimeout, true)
        expectEqual(error?.isUnavailable, false)
        #expect(try connection.query("SELECT 1").first?.int(0) == 1)
      }
    #endif
  }

  @Test func aConstraintThatRefusesARowSaysSo() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let connection = try PostgresConnection(url: url)
        try connection.query("CREATE TABLE ids (id text PRIMARY KEY)")
        try connection.query("INSERT INTO ids VALUES ($1)", ["a"])
        let error = #expect(throws: PostgresError.self) {
          try connection.query("INSERT INTO ids VALUES ($1)", ["a"])
        }
        expectEqual(error?.isUniqueViolation, true)
      }
    #endif
  }

  @Test func aFailedConnectionNeverShowsItsPassword() throws {
    #if Postgres
      let url = try #require(
        PostgresURL("postgresql://app:s3cret-word@/app?host=/nonexistent-socket-dir"))
      let error = #expect(throws: PostgresError.self) {
        _ = try PostgresConnection(url: url, connectTimeout: 1)
      }
      expectEqual(error?.kind, .connectionFailed)
      expectEqual(error?.message.contains("s3cret-word"), false)
      expectEqual(error?.message.contains("password=***"), true)
    #endif
  }

  @Test func aTransactionThatThrowsLeavesNothingBehind() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let pool = PostgresPool(url: url, maximumConnections: 1)
        try pool.withConnection { try $0.query("CREATE TABLE t (n int)") }
        struct Abandoned: Error {}
        #expect(throws: Abandoned.self) {
          try pool.transaction { connection in
            try connection.query("INSERT INTO t VALUES (1)")
            throw Abandoned()
          }
        }
        try pool.transaction { try $0.query("INSERT INTO t VALUES (2)") }
        let rows = try pool.withConnection { try $0.query("SELECT n FROM t") }
        #expect(try rows.rows.map { try $0.int(0) } == [2])
      }
    #endif
  }

  @Test func aCallerWaitsForAFreeConnectionThenGivesUp() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let pool = PostgresPool(url: url, maximumConnections: 1, waitLimit: 0.2)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          _ = try? pool.withConnection { _ in
            holding.signal()
            _ = release.wait(timeout: .now() + 10)
          }
          finished.signal()
        }
        expectEqual(holding.wait(timeout: .now() + 10), .success)
        let error = #expect(throws: PostgresError.self) {
          try pool.withConnection { try $0.query("SELECT 1") }
        }
        expectEqual(error?.kind, .poolTimedOut)
        release.signal()
        expectEqual(finished.wait(timeout: .now() + 10), .success)
        let after = try pool.withConnection { try $0.query("SELECT 1") }
        #expect(try after.first?.int(0) == 1)
      }
    #endif
  }

  @Test func aConnectionTheServerEndedIsReplacedForTheNextCaller() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let pool = PostgresPool(url: url, maximumConnections: 1)
        let first = try pool.withConnection { try $0.query("SELECT pg_backend_pid()") }
        let pid = try #require(first.first).int(0)
        let admin = try PostgresConnection(url: url)
        try admin.query("SELECT pg_terminate_backend($1)", [String(pid)])
        // The server ends the backend a moment later; wait for it (ten seconds at most).
        let deadline = Date().addingTimeInterval(10)
        while try !admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [String(pid)])
          .rows.isEmpty, Date() < deadline
        {
          Thread.sleep(forTimeInterval: 0.01)
        }
        // The pool checks an idle connection before lending it, so the next caller gets a new
        // one; should the end reach the client only during the call, that call fails as
        // unavailable, and the one after it gets a new connection.
        let outcome = Result { try pool.withConnection { try $0.query("SELECT pg_backend_pid()") } }
        if case .failure(let error) = outcome {
          expectEqual((error as? PostgresError)?.isUnavailable, true, "\(error)")
        }
        let next = try pool.withConnection { try $0.query("SELECT pg_backend_pid()") }
        #expect(try #require(next.first).int(0) != pid)
      }
    #endif
  }

  @Test func replicasThatStartTogetherApplyEachMigrationOnce() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let migrations = [
          PostgresMigration(
            version: 1, name: "notes",
            // Slow enough that replicas without the lock would all find it missing.
            sql: "CREATE TABLE notes (id text PRIMARY KEY); SELECT pg_sleep(0.3)"),
          PostgresMigration(
            version: 2, name: "note text",
            sql:
              "ALTER TABLE notes ADD COLUMN text text NOT NULL DEFAULT ''; CREATE INDEX ON notes (text)"
          ),
        ]
        let applied = Mutex<[[Int]]>([])
        let failures = Mutex<[String]>([])
        // Each replica connects first, then all start migrating at once.
        let pools = (0..<4).map { _ in PostgresPool(url: url, maximumConnections: 1) }
        for pool in pools { try pool.withConnection { try $0.query("SELECT 1") } }
        DispatchQueue.concurrentPerform(iterations: pools.count) { index in
          let pool = pools[index]
          do {
            let done = try PostgresMigrator.migrate(migrations, on: pool)
            applied.withLock { $0.append(done) }
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
        expectEqual(failures.withLock { $0 }, [])
        expectEqual(applied.withLock { $0.flatMap { $0 }.sorted() }, [1, 2])
        let pool = PostgresPool(url: url)
        #expect(try PostgresMigrator.migrate(migrations, on: pool) == [])
        let versions = try pool.withConnection {
          try $0.query("SELECT version FROM schema_migrations ORDER BY version")
        }
        #expect(try versions.rows.map { try $0.int(0) } == [1, 2])
      }
    #endif
  }

  @Test func aFailingMigrationRollsBackEveryStepAndSaysWhichFailed() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let pool = PostgresPool(url: url)
        let migrations = [
          PostgresMigration(version: 1, name: "notes", sql: "CREATE TABLE notes (id text)"),
          PostgresMigration(version: 2, name: "broken", sql: "ALTER TABLE missing ADD x int"),
        ]
        let error = #expect(throws: PostgresError.self) {
          try PostgresMigrator.migrate(migrations, on: pool)
        }
        expectEqual(error?.message.hasPrefix("migration 2 (broken): "), true)
        let tables = try pool.withConnection {
          try $0.query(
            "SELECT count(*) FROM pg_tables WHERE tablename IN ('notes', 'schema_migrations')")
        }
        #expect(try tables.first?.int(0) == 0)
      }
    #endif
  }
}
