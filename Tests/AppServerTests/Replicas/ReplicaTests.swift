import AppAPI
import Foundation
import LocalBackend
import Models
import PostgresClient
import ReactiveTesting
import TestSupport
import Testing

#if Postgres
  import PostgresBackend
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two `friends-server` processes over one PostgreSQL database: what one replica does, the
/// other sees, and killing one loses nothing it acknowledged.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(2)))
struct ReplicaTests {
  @Test func twoReplicasShareSessionsRecordsRevisionsAndTheThrottle() async throws {
    #if Postgres
      try await PostgresTestDatabase.withDatabase { database in
        let store = try PostgresStore(url: database, seed: replicaSeed)
        let a = try await ReplicaProcess.start(database: database.connectionString)
        let b = try await ReplicaProcess.start(database: database.connectionString)

        // A session started on A works on B; logging out on B ends it on A.
        let token = try await ReplicaClient.logIn(a.url)
        #expect(await ReplicaClient.send("GET", "/account", to: b.url, token: token).status == 200)
        #expect(await ReplicaClient.send("POST", "/logout", to: b.url, token: token).status == 204)
        #expect(await ReplicaClient.send("GET", "/account", to: a.url, token: token).status == 401)

        // A friend added on A is on B; a save on B from the revision A replaced is refused.
        let session = try await ReplicaClient.logIn(b.url)
        let added = try await ReplicaClient.send(
          "POST", "/friends", to: a.url, token: session,
          body: FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "5550100001")
        ).decoded(Friend.self)
        let seen = try await ReplicaClient.send(
          "GET", "/friends/\(added.id)", to: b.url, token: session
        ).decoded(Friend.self)
        expectEqual(seen, added)
        let change = RecordChange(
          draft: FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "5550100002"),
          revision: added.revision)
        #expect(
          await ReplicaClient.send(
            "PUT", "/friends/\(added.id)", to: a.url, token: session, body: change
          ).status == 200)
        let stale = await ReplicaClient.send(
          "PUT", "/friends/\(added.id)", to: b.url, token: session, body: change)
        expectEqual(stale.status, 409)

        // A post saved through any replica reaches the clients polling another.
        let newest = try await ReplicaClient.send(
          "GET", "/timeline?limit=1", to: b.url, token: session
        ).decoded([Post].self)
        let newestId = try #require(newest.first?.id)
        let post = try store.add { id in
          Post(
            id: id, authorId: 1, authorName: "Ada", text: "from elsewhere",
            date: Date(timeIntervalSince1970: 1_800_000_000))
        }
        let polled = try await ReplicaClient.send(
          "GET", "/timeline?since_id=\(newestId)", to: b.url, token: session
        ).decoded([Post].self)
        expectEqual(polled, [post])

        // Wrong passwords through both replicas count towards one wait.
        var statuses: [Int] = []
        for attempt in 0..<5 {
          statuses.append(
            await ReplicaClient.send(
              "POST", "/login", to: attempt.isMultiple(of: 2) ? a.url : b.url,
              body: HTTPAPI.Credentials(email: StoreSeed.demoAccount.email, password: "wrong")
            ).status)
        }
        expectEqual(statuses, [401, 401, 401, 401, 401])
        for server in [a, b] {
          let refused = await ReplicaClient.send(
            "POST", "/login", to: server.url,
            body: HTTPAPI.Credentials(
              email: StoreSeed.demoAccount.email, password: StoreSeed.demoPassword))
          expectEqual(refused.status, 429)
          #expect(refused.headers["retry-after"] != nil)
        }
      }
    #endif
  }

  @Test func killingAReplicaUnderLoadLosesNoAcknowledgedWrite() async throws {
    #if Postgres
      try await PostgresTestDatabase.withDatabase { database in
        let store = try PostgresStore(url: database, seed: replicaSeed)
        let a = try await ReplicaProcess.start(database: database.connectionString)
        let b = try await ReplicaProcess.start(database: database.connectionString)
        let token = try await ReplicaClient.logIn(a.url)
        let done = Flag()
        let acknowledgements = Counter()
        async let load = addFriendsUnderLoad(
          through: [a.url, b.url], token: token, clients: 6, counting: acknowledgements,
          isDone: { done.isSet })
        // Writes are under way through both replicas when A is killed, and go on through B.
        #expect(await acknowledgements.reach(10))
        #expect(await a.stop(SIGKILL))
        #expect(await acknowledgements.reach(acknowledgements.count + 10))
        done.set()
        let (acknowledged, statuses, failures) = await load
        #expect(failures.isEmpty, "answers other than 201: \(failures.map(\.status))")
        #expect(acknowledged.count > 10, "statuses: \(statuses)")
        // Every acknowledged friend is in the database, and B still serves them.
        let stored = Set(try store.records(Friend.self).map(\.id))
        #expect(Set(acknowledged).subtracting(stored).isEmpty)
        let listed = try await ReplicaClient.send("GET", "/friends", to: b.url, token: token)
          .decoded([Friend].self)
        #expect(Set(acknowledged).isSubset(of: Set(listed.map(\.id))))
        expectEqual(Set(acknowledged).count, acknowledged.count)
      }
    #endif
  }
}

/// A server over a PostgreSQL cluster of the test's own (the cluster script's `start`,
/// `restart` and `stop`), so that restarting it disturbs no other test.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(2)))
struct DatabaseRestartTests {
  @Test func aDatabaseRestartGives503sThenTheServerRecoversLosingNothing() async throws {
    #if Postgres
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("restart-\(UUID().uuidString.prefix(8))").path
      let started = try await ClusterScript.run(["start", directory], timeout: 60)
      defer { _ = try? ClusterScript.runBlocking(["stop", directory], timeout: 60) }
      let database = try #require(
        PostgresURL(started.trimmingCharacters(in: .whitespacesAndNewlines)))
      let store = try PostgresStore(url: database, seed: replicaSeed)
      let server = try await ReplicaProcess.start(database: database.connectionString)
      let token = try await ReplicaClient.logIn(server.url)

      let done = Flag()
      let acknowledgements = Counter()
      async let load = addFriendsUnderLoad(
        through: [server.url], token: token, clients: 4, counting: acknowledgements,
        isDone: { done.isSet })
      #expect(await acknowledgements.reach(5))
      _ = try await ClusterScript.run(["restart", directory], timeout: 60)
      // The server recovers by itself: a request succeeds again within 15 seconds.
      var recovered = false
      for _ in 0..<150 where !recovered {
        let answer = await ReplicaClient.send(
          "POST", "/friends", to: server.url, token: token,
          body: FriendDraft(firstName: "After", lastName: "Restart", phoneNumber: "5550100001"))
        recovered = answer.status == 201
        if !recovered { try await Task.sleep(for: .milliseconds(100)) }
      }
      // The load's own writes succeed again too.
      #expect(await acknowledgements.reach(acknowledgements.count + 5))
      done.set()
      let (acknowledged, statuses, failures) = await load
      #expect(recovered)
      let unavailable = failures.filter { $0.status == 503 }
      #expect(!unavailable.isEmpty, "statuses: \(Set(statuses))")
      #expect(unavailable.allSatisfy { $0.headers["retry-after"] != nil })
      #expect(failures.allSatisfy { $0.status == 503 }, "statuses: \(Set(statuses))")
      #expect(server.errorOutput.lowercased().contains("unavailable"))
      #expect(!server.errorOutput.contains("password="))
      // The test's own connections were cut too: they are replaced as the server's are.
      let stored = Set(try store.records(Friend.self).map(\.id))
      #expect(Set(acknowledged).subtracting(stored).isEmpty)
    #endif
  }
}

/// `Scripts/postgres-cluster.sh`, run with a time limit.
enum ClusterScript {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/postgres-cluster.sh")

  /// Runs the script with `arguments` on a thread of its own and returns its standard
  /// output.
  static func run(_ arguments: [String], timeout: TimeInterval) async throws -> String {
    try await onOwnThread { Result { try runBlocking(arguments, timeout: timeout) } }.get()
  }

  /// Runs the script with `arguments`, blocking the calling thread, and returns its standard
  /// output.
  static func runBlocking(_ arguments: [String], timeout: TimeInterval) throws -> String {
    let process = try LaunchedProcess(path, arguments: arguments, closeInput: true)
    guard process.waitForExit(timeout: timeout) else {
      throw ReplicaFailure("postgres-cluster.sh \(arguments[0]) took over \(Int(timeout)) s")
    }
    guard process.process.terminationStatus == 0 else {
      throw ReplicaFailure(
        "postgres-cluster.sh \(arguments[0]) failed: \(process.standardError)")
    }
    return process.standardOutput
  }
}
