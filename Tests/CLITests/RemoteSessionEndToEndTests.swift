import AppServer
import Authentication
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Synchronization
import Testing

/// The built `friends` executable against a server: a session the server ended, and a server
/// that is not there.
@Suite(.timeLimit(.minutes(1))) struct RemoteSessionEndToEndTests {
  /// A clock the test moves by hand, for the server's sessions.
  final class Clock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 2_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(days: Double) { time.withLock { $0 = $0.addingTimeInterval(days * 86_400) } }
  }

  @Test func aSessionTheServerEndedMakesTheNextCommandSaySoAndExit1() async throws {
    let storeDirectory = try TemporaryDirectory()
    let seed = StoreSeed.demo.withPassword(EndToEndTests.password, iterations: 1_000)
    let store = try LocalStore(directory: storeDirectory.url, seed: seed)
    let clock = Clock()
    let sessions = SessionStore<String>(now: { clock.now })
    let server = try HTTPServer(
      router: ServerAPI(storage: .embedded(store: store, sessions: sessions)).router)
    defer { server.stop() }
    let home = try TemporaryDirectory()
    func run(_ words: String...) async throws -> CLIProcess.Result {
      try await CLIProcess.run(
        ["--server", server.url.absoluteString] + words, directory: home.url,
        dataDirectoryOption: false)
    }

    let login = try await run("login", "-e", "ada@example.com", "-p", EndToEndTests.password)
    #expect(login.status == 0 && login.stdout == "Logged in as Ada.\n")
    // Another run of the command line shares the login of the data directory.
    #expect((try await run("whoami")).stdout == "Ada <ada@example.com>\n")
    clock.advance(days: 30)
    let expired = try await run("whoami")
    expectEqual(expired.status, 1)
    expectEqual(expired.stdout, "")
    let serverName = server.url.absoluteString.trimmingCharacters(
      in: CharacterSet(charactersIn: "/"))
    #expect(
      expired.stderr
        == "error: Your session has expired; log in again. Run 'friends --server \(serverName) "
        + "login' to log in.\n")
    // The token is forgotten: the next command is simply logged out.
    let after = try await run("whoami")
    #expect(
      after.status == 1
        && after.stderr
          == "error: Not logged in. Run 'friends --server \(serverName) login' first.\n"
    )
    // The data directory still names the server: without '--server', the next login goes
    // there, and the hint needs no option.
    let remembered = try await CLIProcess.run(
      ["whoami"], directory: home.url, dataDirectoryOption: false)
    #expect(
      remembered.status == 1
        && remembered.stderr == "error: Not logged in. Run 'friends login' first.\n")
    let again = try await CLIProcess.run(
      ["login", "-e", "ada@example.com", "-p", EndToEndTests.password], directory: home.url,
      dataDirectoryOption: false)
    #expect(again.status == 0 && again.stdout == "Logged in as Ada.\n")
    #expect((try await run("whoami")).stdout == "Ada <ada@example.com>\n")
  }

  @Test func aServerThatRefusesTheConnectionFailsAtOnce() async throws {
    // Take a free port from the system, then close it: nothing listens there any more.
    let probe = try HTTPServer(router: HTTPRouter())
    let port = probe.port
    probe.stop()
    let home = try TemporaryDirectory()
    // What starting the program costs on this machine now, busy or not: the bound below is
    // on top of it.
    let baselineStart = ContinuousClock.now
    _ = try await CLIProcess.run(["--version"], directory: home.url, dataDirectoryOption: false)
    let baseline = ContinuousClock.now - baselineStart
    for command in ["whoami"] {
      let start = ContinuousClock.now
      let result = try await CLIProcess.run(
        ["--server", "http://127.0.0.1:\(port)", command], directory: home.url,
        dataDirectoryOption: false)
      let elapsed = ContinuousClock.now - start
      expectEqual(result.status, 1)
      #expect(
        result.stderr
          == "error: Could not read the account status: the server could not be reached: "
          + "nothing accepted the connection at 127.0.0.1:\(port)\n")
      // It used to take ten seconds of retries. Alone it takes a fraction of a second more
      // than starting the program; the bound leaves room for a loaded machine and still fails
      // both the old ten seconds and the fifteen-second backstop of a status that never comes.
      #expect(
        elapsed < baseline * 2 + .seconds(6), "\(command) took \(elapsed), --version \(baseline)")
    }
  }
}
