import Dispatch
import Foundation
import LocalBackend
import Models
import PostgresClient
import ReactiveTesting
import Synchronization
import TestSupport
import Testing

#if Postgres
  import PostgresBackend
#endif

/// The record and account operations over PostgreSQL, one fresh database per test: what the
/// embedded store does, the same way.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(1)))
struct PostgresStoreTests {
  @Test func aNewDatabaseIsSeededOnceAndAnswersAsTheEmbeddedStoreDoes() throws {
    #if Postgres
      let seed = StoreSeed.demo(friendCount: 30, postCount: 350)
      try PostgresTestDatabase.withDatabase { url in
        try withTemporaryDirectory { directory in
          let embedded = try LocalStore(directory: directory, seed: seed)
          let store = try PostgresStore(url: url, seed: seed)
          #expect(try store.records(Friend.self) == embedded.records(Friend.self))
          #expect(try store.records(Post.self) == embedded.records(Post.self))
          #expect(try store.people() == embedded.people())
          for (sinceId, maxId, limit) in [
            (nil, nil, 20), (nil, 200, 20), (300, nil, 500), (10, 120, 7), (nil, 2, 5),
            (349, nil, 3), (nil, nil, 0),
          ] as [(Int?, Int?, Int)] {
            #expect(
              try store.timeline(sinceId: sinceId, maxId: maxId, limit: limit)
                == embedded.timeline(sinceId: sinceId, maxId: maxId, limit: limit))
            // A filter that keeps few posts reads several batches.
            #expect(
              try store.posts(byPerson: 3, sinceId: sinceId, maxId: maxId, limit: limit)
                == embedded.posts(byPerson: 3, sinceId: sinceId, maxId: maxId, limit: limit))
          }
          let credentials = try #require(try store.credentials(email: " ADA@example.com "))
          expectEqual(credentials.account, StoreSeed.demoAccount)
          expectEqual(credentials.passwordHash, seed.passwordHash)
          #expect(try store.credentials(email: "bob@example.com") == nil)

          // Opening it again (another replica, a restart) migrates and seeds nothing.
          try store.remove(Friend.self, id: 1)
          let again = try PostgresStore(url: url, seed: seed)
          #expect(try again.records(Friend.self).count == 29)
          #expect(try again.records(Post.self).count == 350)
        }
      }
    #endif
  }

  @Test func addListUpdateRemoveAndSave() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        #expect(try store.records(Friend.self).isEmpty)
        let zed = try store.add(
          FriendDraft(firstName: " Zed ", lastName: "Zulu", phoneNumber: "5550100001"))
        let amy = try store.add(
          FriendDraft(firstName: "Amy", lastName: "Alpha", phoneNumber: "5550100002"))
        #expect(zed.id == 1 && zed.firstName == "Zed" && amy.id == 2)
        // The collection's order: by last name.
        #expect(try store.records(Friend.self) == [amy, zed])
        #expect(try store.record(Friend.self, id: 1) == zed)

        var changed = zed
        changed.phoneNumber = "5550100003"
        let saved = try store.update(changed)
        #expect(saved.revision == zed.revision + 1)
        // A save from the old revision is refused.
        #expect(throws: StoreError.changedElsewhere(1, record: "friend")) {
          try store.update(changed)
        }
        #expect(throws: StoreError.notFound(9, record: "friend")) {
          try store.record(Friend.self, id: 9)
        }
        #expect(throws: StoreError.notFound(9, record: "friend")) {
          try store.remove(Friend.self, id: 9)
        }
        #expect(throws: StoreError.self) {
          try store.update(Friend.self, id: 1) { friend in
            var moved = friend
            moved.id = 5
            return moved
          }
        }

        try store.remove(Friend.self, id: 2)
        #expect(try store.records(Friend.self) == [saved])

        let date = Date(timeIntervalSince1970: 1_700_000_000.123_456)
        let posts = (1...3).map {
          Post(id: $0 * 10, authorId: 1, authorName: "A", text: "\($0)", date: date)
        }
        try store.savePosts(posts)
        try store.savePosts([Post(id: 20, authorId: 2, authorName: "B", text: "again", date: date)])
        let stored = try store.records(Post.self)
        expectEqual(stored.map(\.id), [30, 20, 10])
        expectEqual(stored[1].text, "again")
        // Dates are kept at the millisecond, as in the embedded store.
        expectEqual(stored[0].date, Timestamp.rounded(date))
        // The next identifier follows the largest saved one.
        let next = try store.add { id in
          Post(id: id, authorId: 1, authorName: "A", text: "new", date: date)
        }
        expectEqual(next.id, 31)
        #expect(try store.timeline(sinceId: 20, limit: 10).map(\.id) == [31, 30])
      }
    #endif
  }

  @Test func identifiersAreNeverGivenOutTwiceByAnyReplica() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let a = try PostgresStore(url: url, seed: .empty)
        let b = try PostgresStore(url: url, seed: .empty)
        let first = try a.add(
          FriendDraft(firstName: "A", lastName: "A", phoneNumber: "5550100001"))
        try a.remove(Friend.self, id: first.id)
        let second = try b.add(
          FriendDraft(firstName: "B", lastName: "B", phoneNumber: "5550100001"))
        #expect(second.id > first.id)

        let ids = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
          let store = index.isMultiple(of: 2) ? a : b
          for _ in 0..<10 {
            if let friend = try? store.add(
              FriendDraft(firstName: "F", lastName: "\(index)", phoneNumber: "5550100001"))
            {
              ids.withLock { $0.append(friend.id) }
            }
          }
        }
        let given = ids.withLock { $0 }
        expectEqual(given.count, 80)
        expectEqual(Set(given).count, 80)
        #expect(given.allSatisfy { $0 > second.id })
      }
    #endif
  }

  @Test func anUpdateIsAtomicAcrossReplicasAndThreads() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let a = try PostgresStore(url: url, seed: .empty)
        let b = try PostgresStore(url: url, seed: .empty)
        let friend = try a.add(
          FriendDraft(firstName: "A", lastName: "A", phoneNumber: "5550100001"))
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
          let store = index == 0 ? a : b
          for _ in 0..<50 {
            do {
              try store.update(Friend.self, id: friend.id) { stored in
                var next = stored
                next.revision += 1
                return next
              }
            } catch {
              failures.withLock { $0 += 1 }
            }
          }
        }
        expectEqual(failures.withLock { $0 }, 0)
        #expect(try a.record(Friend.self, id: friend.id).revision == friend.revision + 100)

        // Two saves from the same revision: exactly one wins, the other is told.
        let outcomes = Mutex<[Bool]>([])
        let current = try a.record(Friend.self, id: friend.id)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
          var edited = current
          edited.firstName = "Edit \(index)"
          let saved = (try? (index == 0 ? a : b).update(edited)) != nil
          outcomes.withLock { $0.append(saved) }
        }
        expectEqual(outcomes.withLock { $0.filter { $0 }.count }, 1)
      }
    #endif
  }

  @Test func everyTextFieldKeepsSQLAndOddCharactersVerbatim() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        let attacks = [
          "'); DROP TABLE friends; --", "\" OR 1=1 --", "$1", "Robert'); DELETE FROM posts;",
          "\\'; SELECT pg_sleep(10); --", "李 🙂 \n\t\"quoted\" \\ back", "}{\"id\": 99}", "",
        ]
        for attack in attacks {
          let friend = try store.add { id in
            Friend(id: id, firstName: attack, lastName: attack, phoneNumber: attack)
          }
          #expect(try store.record(Friend.self, id: friend.id) == friend)
          #expect(friend.firstName == attack && friend.lastName == attack)
          expectEqual(friend.phoneNumber, attack)
          let post = try store.add { id in
            Post(
              id: id, authorId: 1, authorName: attack, text: attack,
              date: Date(timeIntervalSince1970: 0))
          }
          #expect(try store.record(Post.self, id: post.id) == post)
          #expect(post.text == attack && post.authorName == attack)
          try store.addAccount(
            Account(email: "user\(post.id)@example.com", displayName: attack),
            passwordHash: StoreSeed.demoPasswordHash)
          #expect(
            try store.credentials(email: "user\(post.id)@example.com")?.account.displayName
              == attack)
        }
        #expect(try store.records(Friend.self).count == attacks.count)
        #expect(try store.records(Post.self).count == attacks.count)
        #expect(try store.credentials(email: "' OR '1'='1") == nil)
      }
    #endif
  }

  @Test func replicasStartingTogetherMigrateAndSeedOnce() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let seed = StoreSeed.demo(friendCount: 5, postCount: 5)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
          do {
            _ = try PostgresStore(url: url, seed: seed)
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
        expectEqual(failures.withLock { $0 }, [])
        let store = try PostgresStore(url: url, seed: seed)
        #expect(try store.records(Friend.self).count == 5)
        #expect(try store.records(Post.self).count == 5)
        let versions = try PostgresPool(url: url).withConnection { connection in
          try connection.query("SELECT version FROM schema_migrations ORDER BY version").rows.map {
            try $0.int(0)
          }
        }
        expectEqual(versions, PostgresSchema.migrations.map(\.version))
      }
    #endif
  }

  @Test func theDatabaseRefusesRowsThatBreakTheSchema() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        try store.pool.withConnection { connection in
          #expect(throws: PostgresError.self) {
            try connection.query(
              "INSERT INTO friends (id, body) VALUES (1, '{\"id\": 2}'::jsonb)")
          }
          #expect(throws: PostgresError.self) {
            try connection.query("INSERT INTO friends (id, body) VALUES (0, '{\"id\": 0}'::jsonb)")
          }
          #expect(throws: PostgresError.self) {
            try connection.query(
              "INSERT INTO accounts VALUES ('Ada@example.com', 'Ada', 'pbkdf2-sha256$1$a$b')")
          }
          #expect(throws: PostgresError.self) {
            try connection.query("INSERT INTO accounts VALUES ('bob@example.com', 'Bob', 'plain')")
          }
        }
        #expect(throws: StoreError.self) {
          try store.addAccount(StoreSeed.demoAccount, passwordHash: StoreSeed.demoPasswordHash)
          try store.addAccount(StoreSeed.demoAccount, passwordHash: StoreSeed.demoPasswordHash)
        }
      }
    #endif
  }

  @Test func anUnreachableDatabaseIsReportedWithoutItsPassword() throws {
    #if Postgres
      let url = try #require(
        PostgresURL("postgresql://app:hunter2@/nowhere?host=/nonexistent-socket-dir"))
      let error = #expect(throws: StoreError.self) {
        _ = try PostgresStore(url: url, seed: .empty, waitLimit: 0.5)
      }
      expectEqual(error?.description.contains("hunter2"), false)
      expectEqual(error.map(PostgresStoreTests.isUnavailable), true)
    #endif
  }

  static func isUnavailable(_ error: StoreError) -> Bool {
    if case .unavailable = error { return true }
    return false
  }
}
