import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Testing

/// The built `friends` executable, run as a user would, against a temporary data directory:
/// standard output, standard error and the exit status of every command, good input and bad.
@Suite(.timeLimit(.minutes(1))) struct EndToEndTests {
  static let password = "correct horse"

  /// A fresh data directory whose demo account is logged in.
  static func loggedIn() async throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let login = try await CLIProcess.run(
      ["login", "--email", "ada@example.com", "--password", password], directory: directory.url)
    #expect(login.status == 0 && login.stdout == "Logged in as Ada.\n" && login.stderr == "")
    return directory
  }

  @Test func helpVersionAndUsageErrors() async throws {
    let directory = try TemporaryDirectory()
    let help = try await CLIProcess.run(["help", "login"], directory: directory.url)
    #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Log in to your account.\n"))
    let version = try await CLIProcess.run(["--version"], directory: directory.url)
    #expect(version.status == 0 && version.stdout == "friends 0.1.0\n")

    let unknown = try await CLIProcess.run(["logut"], directory: directory.url)
    #expect(unknown.status == 64 && unknown.stdout == "")
    expectEqual(
      unknown.stderr,
      """
      error: unknown command 'logut'; did you mean 'logout'?
      Usage: friends [<options>] <command>
      See 'friends --help' for more information.

      """)
    let option = try await CLIProcess.run(["whoami", "--jsno"], directory: directory.url)
    expectEqual(option.status, 64)
    #expect(option.stderr.hasPrefix("error: unknown option '--jsno'; did you mean '--json'?\n"))
    // Nothing above needed the data: the directory is still empty.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
  }

  @Test func loggedOutCommandsSaySoAndLoginFailuresExit1Or64() async throws {
    let directory = try TemporaryDirectory()
    let whoami = try await CLIProcess.run(["whoami"], directory: directory.url)
    #expect(
      whoami.status == 1
        && whoami.stderr
          == "error: Not logged in. Run 'friends --data-dir \(directory.url.path) login' first.\n"
    )

    let wrong = try await CLIProcess.run(
      ["login", "-e", "ada@example.com", "-p", "wrong password"], directory: directory.url)
    expectEqual(wrong.status, 1)
    expectEqual(
      wrong.stderr, "error: Login failed: wrong email or password\n")

    // Standard input closed early: no terminal to ask on.
    let noPassword = try await CLIProcess.run(
      ["login", "-e", "ada@example.com"], directory: directory.url)
    expectEqual(noPassword.status, 64)
    #expect(
      noPassword.stderr.hasPrefix(
        "error: cannot ask for Password: standard input is not a terminal; pass --password\n"))
  }

  @Test(arguments: [
    ("corrupt", Data("{\"schemaVersion\": 1, \"acc".utf8)),
    ("not a store", Data("[1, 2, 3]".utf8)),
  ])
  func aBadDataFileIsNamedAndLeftUntouched(name: String, contents: Data) async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent(LocalStore.fileName)
    try contents.write(to: file)
    for words in [["whoami"], ["login", "-e", "ada@example.com", "-p", Self.password]] {
      let run = try await CLIProcess.run(words, directory: directory.url)
      #expect(run.status == 1 && run.stdout == "")
      #expect(run.stderr.hasPrefix("error: The data file \(file.path) is damaged ("))
      #expect(
        run.stderr.hasSuffix(
          "It was left untouched: repair it, or move it away to start again with demo data.\n"))
    }
    #expect(try Data(contentsOf: file) == contents)
  }

  @Test func anUnreadableDataFileIsNamed() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent(LocalStore.fileName)
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let run = try await CLIProcess.run(["whoami"], directory: directory.url)
    expectEqual(run.status, 1)
    #expect(run.stderr.hasPrefix("error: The data file \(file.path) cannot be read ("))
  }

  @Test func theSameCommandsWorkAgainstAServer() async throws {
    let storeDirectory = try TemporaryDirectory()
    let store = try LocalStore(directory: storeDirectory.url)
    let server = try HTTPServer(router: ServerAPI(storage: .embedded(store: store)).router)
    defer { server.stop() }
    // The home directory holds no data: everything goes to the server.
    let unused = try TemporaryDirectory()
    func run(_ words: String...) async throws -> CLIProcess.Result {
      try await CLIProcess.run(
        ["--server", server.url.absoluteString] + words, directory: unused.url,
        dataDirectoryOption: false)
    }

    let loggedOut = try await run("whoami")
    expectEqual(loggedOut.status, 1)
    let login = try await run("login", "-e", "ada@example.com", "-p", Self.password)
    #expect(login.status == 0 && login.stdout == "Logged in as Ada.\n")
    let loggedIn = try await run("whoami")
    #expect(loggedIn.status == 0 && loggedIn.stdout.contains("Ada"))
    // No embedded store was created in the data directory: it holds only the session's
    // token, readable by its owner only.
    let dataDirectory = unused.url.appendingPathComponent(".local/share/friends")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path) == [
        "server-session.json"
      ])
    let attributes = try FileManager.default.attributesOfItem(
      atPath: dataDirectory.appendingPathComponent("server-session.json").path)
    expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    let logout = try await run("logout")
    #expect(logout.status == 0 && logout.stdout == "Logged out.\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path).isEmpty)
    let serverName = server.url.absoluteString.trimmingCharacters(
      in: CharacterSet(charactersIn: "/"))
    #expect(
      (try await run("whoami")).stderr
        == "error: Not logged in. Run 'friends --server \(serverName) login' first.\n")
  }

  struct IdOnly: Decodable {
    var id: Int
  }
}
