import AppComposition
import Foundation
import LocalBackend
import Models
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `friends-server` executable, run as a separate process.
@Suite(.timeLimit(.minutes(1))) struct ServerExecutableTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func servesTheStoreAndStopsCleanlyOnASignal(signalNumber: Int32) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("friends-server-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The demo data with a password hash that is quick to check, for the login below.
    let seed = StoreSeed.demo.withPassword(StoreSeed.demoPassword, iterations: 1_000)
    _ = try LocalStore(directory: directory, seed: seed)
    let server = try ServerProcess(arguments: ["--port", "0", "--data-dir", directory.path])
    let line = try #require(server.firstLine(within: .seconds(10)))
    let url = try #require(URL(string: line))
    expectEqual(url.host, "127.0.0.1")

    let client = HTTPClient(baseURL: url, timeout: .seconds(2))
    #expect(try await client.accountStatus() == .unavailable)
    _ = try await client.logIn(email: StoreSeed.demoAccount.email, password: StoreSeed.demoPassword)
    #expect(try await client.accountStatus() == .authorized(StoreSeed.demoAccount))

    kill(server.process.processIdentifier, signalNumber)
    #expect(server.waitForExit(within: .seconds(10)))
    expectEqual(server.process.terminationReason, .exit)
    expectEqual(server.process.terminationStatus, 0)
    #expect(server.errorOutput().contains("stopped"))
  }

  @Test func aUsageErrorExits64NamingTheArgument() throws {
    let server = try ServerProcess(arguments: ["--port", "high"])
    #expect(server.waitForExit(within: .seconds(10)))
    expectEqual(server.process.terminationStatus, 64)
    expectEqual(
      server.errorOutput(),
      """
      error: option '--port' needs a number from 0 to 65535, got 'high'
      Usage: friends-server [--port <n>] [--listen <address>] [--allowed-host <name> ...] \
      [--trusted-proxy <address> ...] [--data-dir <path>] [--database <url>]
      See 'friends-server --help' for more information.

      """)
  }

  @Test func aBadListenAddressIsAUsageError() throws {
    let server = try ServerProcess(arguments: ["--port", "0", "--listen", "localhost"])
    #expect(server.waitForExit(within: .seconds(10)))
    expectEqual(server.process.terminationStatus, 64)
    #expect(
      server.errorOutput().hasPrefix(
        "error: option '--listen' needs an IPv4 address such as 127.0.0.1 or 0.0.0.0, "
          + "got 'localhost'\n"))
  }

  /// Connection strings from `DATABASE_URL` whose password libpq reads, however written.
  static let stringsWithAPassword = [
    "postgresql://app:hunter2@/app?host=/nonexistent-socket-directory",
    "postgresql:///app?host=/nonexistent-socket-directory&pass%77ord=hunter2",
    "application_name=passwordless password=hunter2 host=/nonexistent-socket-directory",
    "host=/nonexistent-socket-directory dbname=app password='hunter2'",
  ]

  #if Postgres
    @Test(arguments: stringsWithAPassword)
    func anUnreachableDatabaseExits1WithoutShowingItsPassword(url: String) throws {
      let server = try ServerProcess(
        arguments: ["--port", "0"], environment: ["DATABASE_URL": url])
      try #require(server.waitForExit(within: .seconds(20)))
      expectEqual(server.process.terminationStatus, 1)
      #expect(server.errorOutput().contains("password=***"))
      #expect(!server.errorOutput().contains("hunter2"))
    }
  #else
    @Test func aDatabaseIsRefusedByABuildWithoutPostgreSQL() throws {
      let server = try ServerProcess(arguments: ["--database", "postgresql://db/app"])
      try #require(server.waitForExit(within: .seconds(10)))
      expectEqual(server.process.terminationStatus, 1)
      #expect(server.errorOutput().contains("has no PostgreSQL support"))
      #expect(server.errorOutput().contains("--traits Postgres"))
    }

    @Test(arguments: stringsWithAPassword)
    func aDatabaseRefusedByABuildWithoutPostgreSQLIsShownWithoutItsPassword(url: String) throws {
      let server = try ServerProcess(
        arguments: ["--port", "0"], environment: ["DATABASE_URL": url])
      try #require(server.waitForExit(within: .seconds(10)))
      expectEqual(server.process.terminationStatus, 1)
      #expect(server.errorOutput().contains("password=***"))
      #expect(!server.errorOutput().contains("hunter2"))
    }
  #endif

  @Test func helpPrintsTheUsageAndExits0() throws {
    let server = try ServerProcess(arguments: ["--help"])
    #expect(server.waitForExit(within: .seconds(10)))
    expectEqual(server.process.terminationStatus, 0)
    #expect(server.output().hasPrefix("OVERVIEW: Serve the Friends HTTP API"))
  }

  @Test func versionPrintsTheNameAndVersionAndExits0() throws {
    let server = try ServerProcess(arguments: ["--version"])
    #expect(server.waitForExit(within: .seconds(10)))
    expectEqual(server.process.terminationStatus, 0)
    expectEqual(server.output(), "\(AppIdentity.serverCommand) \(AppIdentity.version)\n")
  }
}

/// A running `friends-server` with its output pipes.
private final class ServerProcess: Sendable {
  private let launched: LaunchedProcess

  /// The running process.
  var process: Process { launched.process }

  /// Starts the server with `arguments`, and `environment` added to the test's own.
  init(arguments: [String], environment: [String: String] = [:]) throws {
    var combined = ProcessInfo.processInfo.environment
    combined["DATABASE_URL"] = nil
    combined.merge(environment) { $1 }
    launched = try LaunchedProcess(
      builtExecutable("friends-server"), arguments: arguments, environment: combined)
  }

  /// The first line of standard output, or `nil` when none arrives within `timeout`.
  func firstLine(within timeout: Duration) -> String? {
    guard launched.waitForOutput(timeout: timeout.seconds, { $0.contains("\n") }) else {
      return nil
    }
    return launched.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .first.map(String.init)
  }

  /// Whether the process exits within `timeout`.
  func waitForExit(within timeout: Duration) -> Bool {
    launched.waitForExit(timeout: timeout.seconds)
  }

  /// Everything written to standard output (call after the process exited).
  func output() -> String { launched.standardOutput }

  /// Everything written to standard error (call after the process exited).
  func errorOutput() -> String { launched.standardError }
}

extension Duration {
  fileprivate var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
