import AppAPI
import Foundation
import LocalBackend
import Models
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `friends-server --database …` run as a separate process: one replica.
///
/// Its waits block the calling thread: an asynchronous test calls them through
/// ``start(database:)`` and ``stop(_:)``, which wait on threads of their own.
final class ReplicaProcess: Sendable {
  private let launched: LaunchedProcess
  /// Where it listens.
  let url: URL

  /// Starts a replica over `database`, with further `arguments`, and waits up to 20 seconds
  /// for the URL it listens on.
  init(database: String, arguments: [String] = []) throws {
    launched = try LaunchedProcess(
      builtExecutable("friends-server"),
      arguments: ["--port", "0", "--database", database] + arguments, closeInput: true)
    guard launched.waitForOutput(timeout: 20, { $0.contains("\n") }),
      let line = launched.standardOutput.split(separator: "\n").first,
      let url = URL(string: String(line))
    else {
      throw ReplicaFailure(
        "the server printed no URL within 20 s; its errors: \(launched.standardError)")
    }
    self.url = url
  }

  /// Starts a replica over `database`, waiting on a thread of its own.
  static func start(database: String, arguments: [String] = []) async throws -> ReplicaProcess {
    try await onOwnThread {
      Result { try ReplicaProcess(database: database, arguments: arguments) }
    }.get()
  }

  /// Kills the process with `signalNumber`, waiting on a thread of its own; whether it ended
  /// within 10 seconds.
  func stop(_ signalNumber: Int32) async -> Bool {
    await onOwnThread { self.kill(signalNumber) }
  }

  /// The process identifier.
  var processIdentifier: Int32 { launched.process.processIdentifier }

  /// Kills the process with `signalNumber` and waits up to 10 seconds for it to end.
  func kill(_ signalNumber: Int32) -> Bool {
    _ = sendSignal(processIdentifier, signalNumber)
    return launched.waitForExit(timeout: 10)
  }

  /// What it wrote to standard error so far.
  var errorOutput: String { launched.standardError }
}

/// `kill(2)`, under a name that ``ReplicaProcess/kill(_:)`` does not hide.
private func sendSignal(_ pid: Int32, _ signalNumber: Int32) -> Int32 {
  kill(pid, signalNumber)
}

/// A test's own failure, with a sentence.
struct ReplicaFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// One answer of a replica: its status, headers and body; or no answer at all.
struct ReplicaAnswer: Sendable {
  /// The status, or 0 when the request got no answer (the server down, a time-out).
  var status: Int
  var headers: [String: String]
  var body: Data

  /// The body decoded as `type`, with the API's decoder.
  func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try HTTPAPI.makeDecoder().decode(type, from: body)
  }
}

/// Sends the API's requests to replicas, with a time limit on each.
enum ReplicaClient {
  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 10
    configuration.timeoutIntervalForResource = 10
    return URLSession(configuration: configuration)
  }()

  /// Sends `method path` with `body` (JSON) and the session `token`.
  static func send(
    _ method: String, _ path: String, to server: URL, token: String? = nil,
    body: (any Encodable & Sendable)? = nil
  ) async -> ReplicaAnswer {
    guard let url = URL(string: path, relativeTo: server) else {
      return ReplicaAnswer(status: 0, headers: [:], body: Data())
    }
    var request = URLRequest(url: url, timeoutInterval: 10)
    request.httpMethod = method
    if let token { request.setValue(HTTPAPI.bearer(token), forHTTPHeaderField: "Authorization") }
    if let body {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = try? HTTPAPI.makeEncoder().encode(body)
    }
    do {
      let (data, response) = try await session.data(for: request)
      guard let response = response as? HTTPURLResponse else {
        return ReplicaAnswer(status: 0, headers: [:], body: data)
      }
      var headers: [String: String] = [:]
      for (key, value) in response.allHeaderFields {
        if let key = key as? String, let value = value as? String {
          headers[key.lowercased()] = value
        }
      }
      return ReplicaAnswer(status: response.statusCode, headers: headers, body: data)
    } catch {
      return ReplicaAnswer(status: 0, headers: [:], body: Data())
    }
  }

  /// Logs in as the demo account through `server` and returns the session's token.
  static func logIn(
    _ server: URL, password: String = StoreSeed.demoPassword
  ) async throws -> String {
    let answer = await send(
      "POST", "/login", to: server,
      body: HTTPAPI.Credentials(email: StoreSeed.demoAccount.email, password: password))
    guard answer.status == 200 else {
      throw ReplicaFailure(
        "login answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
    }
    return try answer.decoded(HTTPAPI.SessionBody.self).token
  }
}

/// What the replica tests seed a database with: the demo data, with a password hash quick to
/// check.
let replicaSeed = StoreSeed.demo(friendCount: 5, postCount: 10)
  .withPassword(StoreSeed.demoPassword, iterations: 1_000)

/// Adds friends through `servers` from `clients` concurrent loops until `isDone` says so, and
/// returns the identifiers of the friends whose addition was acknowledged (201) and the
/// statuses of the answers, in no particular order.
func addFriendsUnderLoad(
  through servers: [URL], token: String, clients: Int, counting acknowledgements: Counter,
  isDone: @escaping @Sendable () -> Bool
) async -> (acknowledged: [Int], statuses: [Int], answers: [ReplicaAnswer]) {
  await withTaskGroup(of: ([Int], [Int], [ReplicaAnswer]).self) { group in
    for client in 0..<clients {
      group.addTask {
        var ids: [Int] = []
        var statuses: [Int] = []
        var failures: [ReplicaAnswer] = []
        var count = 0
        while !isDone() {
          let server = servers[(client + count) % servers.count]
          count += 1
          let answer = await ReplicaClient.send(
            "POST", "/friends", to: server, token: token,
            body: FriendDraft(
              firstName: "Load", lastName: "\(client)-\(count)", phoneNumber: "5550100001"))
          statuses.append(answer.status)
          if answer.status == 201, let friend = try? answer.decoded(Friend.self) {
            ids.append(friend.id)
            acknowledgements.increment()
          } else if answer.status != 0 {
            failures.append(answer)
          } else {
            // No answer (the replica is gone): try again a little later.
            try? await Task.sleep(for: .milliseconds(20))
          }
        }
        return (ids, statuses, failures)
      }
    }
    var all: ([Int], [Int], [ReplicaAnswer]) = ([], [], [])
    for await part in group {
      all.0 += part.0
      all.1 += part.1
      all.2 += part.2
    }
    return all
  }
}

/// A flag set once, read from any thread.
final class Flag: Sendable {
  private let value = Atomic(false)
  func set() { value.store(true, ordering: .sequentiallyConsistent) }
  var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

/// A count that the load raises and a test waits on, so that a test acts after a number of
/// writes rather than after a stretch of time that a busy machine may fill with fewer.
final class Counter: Sendable {
  private let value = Atomic(0)
  func increment() { value.add(1, ordering: .sequentiallyConsistent) }
  var count: Int { value.load(ordering: .sequentiallyConsistent) }

  /// Waits until the count is at least `target`; false if a minute (a hang) passes first.
  func reach(_ target: Int) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while count < target {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }
}
