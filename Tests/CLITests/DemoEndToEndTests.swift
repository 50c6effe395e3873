import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Testing

extension EndToEndTests {
  @Test func everyCommandOnTheDemoData() async throws {
    let directory = try await Self.loggedIn()
    func run(_ words: String...) async throws -> CLIProcess.Result {
      try await CLIProcess.run(words, directory: directory.url)
    }

    let whoami = try await run("whoami")
    #expect(whoami.status == 0 && whoami.stdout == "Ada <ada@example.com>\n")

    let list = try await run("list")
    #expect(list.status == 0 && list.stderr == "")
    let rows = list.stdout.split(separator: "\n")
    expectEqual(rows.count, 21)
    expectEqual(rows.first, "ID  NAME             PHONE")
    #expect(rows.contains(" 3  Kenji Watanabe   +81 3-5550-7720"))

    let json = try await run("list", "--json")
    let decoded = try JSONDecoder().decode([Friend].self, from: Data(json.stdout.utf8))
    #expect(decoded.count == 20 && decoded.contains { $0.fullName == "Kenji Watanabe" })

    let show = try await run("show", "3")
    expectEqual(
      show.stdout,
      """
      ID          3
      First name  Kenji
      Last name   Watanabe
      Phone       +81 3-5550-7720

      """)
    let unknown = try await run("show", "99")
    #expect(unknown.status == 1 && unknown.stdout == "")
    expectEqual(unknown.stderr, "error: No friend has the id 99.\n")

    let invalid = try await run(
      "add", "--first", "Ada", "--last", "Lovelace", "--phone", "+44 (0) 20 x")
    expectEqual(invalid.status, 1)
    expectEqual(
      invalid.stderr,
      "error: A phone number can contain only digits, spaces, \"+\", \"-\" and parentheses.\n"
    )
    let added = try await run(
      "add", "--first", "Ada", "--last", "Lovelace", "--phone", "+44 20 7946 0001")
    #expect(added.status == 0 && added.stdout == "Added Ada Lovelace (id 21).\n")
    let edited = try await run("edit", "21", "--first", "Augusta Ada")
    #expect(edited.status == 0 && edited.stdout == "Saved Augusta Ada Lovelace (id 21).\n")
    let found = try await run("search", "lovelace")
    expectEqual(
      found.stdout, "ID  NAME                  PHONE\n21  Augusta Ada Lovelace  +44 20 7946 0001\n")
    let removed = try await run("remove", "21")
    #expect(removed.status == 0 && removed.stdout == "Removed Augusta Ada Lovelace (id 21).\n")
    let gone = try await run("remove", "21")
    #expect(gone.status == 1 && gone.stderr == "error: No friend has the id 21.\n")

    let people = try await run("people")
    #expect(people.status == 0 && people.stdout.hasPrefix("ID  NAME\n"))
    expectEqual(people.stdout.split(separator: "\n").count, 7)
    let timeline = try await run("timeline")
    let posts = timeline.stdout.split(separator: "\n")
    #expect(timeline.status == 0 && posts.count == 20)
    #expect(posts.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d  \S.*  .+/) != nil })

    let reset = try await run("reset-password", "ada@example.com")
    #expect(
      reset.status == 0
        && reset.stdout
          == "This demo sends no email: no reset link was sent to ada@example.com, "
          + "whether or not it has an account.\n"
    )
    let logout = try await run("logout")
    #expect(logout.status == 0 && logout.stdout == "Logged out.\n")
    let after = try await run("people")
    #expect(
      after.status == 1
        && after.stderr
          == "error: Not logged in. Run 'friends --data-dir \(directory.url.path) login' first.\n"
    )
  }

  @Test func searchTypedThroughAPipeIsDebouncedAndSkipsShortQueries() async throws {
    let directory = try await Self.loggedIn()
    let search = try CLIProcess(["search", "--json"], directory: directory.url)
    func lines() -> [String] { search.stdoutSoFar.split(separator: "\n").map(String.init) }

    // One character, then a pause: shown as not searched (the store would match everyone).
    try search.write("x\n")
    #expect(await search.waitForOutput { $0.contains("\n") })
    expectEqual(lines(), [#"{"query":"x","results":[],"searched":false}"#])

    // Two lines typed together: only the second is searched, after the pause.
    let typed = Date()
    try search.write("a\nad\n")
    #expect(await search.waitForOutput { $0.split(separator: "\n").count == 2 })
    #expect(Date().timeIntervalSince(typed) >= 0.3)
    try search.write("ada\n", close: true)
    let result = await search.finish()
    #expect(result.status == 0 && result.stderr == "")
    let queries = result.stdout.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["query"]
        as? String
    }
    expectEqual(queries, ["x", "ad", "ada"])
    #expect(result.stdout.contains(#""firstName":"Samuel","id":17,"lastName":"Adeyemi""#))
  }

  @Test func searchWithStandardInputClosedSearchesNothing() async throws {
    let directory = try await Self.loggedIn()
    let run = try await CLIProcess.run(["search"], directory: directory.url)
    #expect(run.status == 0 && run.stdout == "" && run.stderr == "")
  }

  @Test func followPrintsNewPostsAndCtrlCExits130WithCompleteLines() async throws {
    let directory = try await Self.loggedIn()
    let follow = try CLIProcess(
      ["timeline", "--follow", "--json", "--interval", "0.1"], directory: directory.url)
    #expect(await follow.waitForOutput { $0.split(separator: "\n").count == 20 })

    // Another process writes two posts; the next fetch prints them.
    let store = try LocalStore(directory: directory.url)
    let new = try store.generatePosts(count: 2, date: Date())
    #expect(await follow.waitForOutput { $0.split(separator: "\n").count == 22 })

    follow.process.interrupt()
    let result = await follow.finish()
    expectEqual(result.status, 130)
    #expect(result.stdout.hasSuffix("}\n"))
    let ids = try result.stdout.split(separator: "\n").map { line in
      try JSONDecoder().decode(IdOnly.self, from: Data(line.utf8)).id
    }
    #expect(ids.count == 22 && ids == ids.sorted())
    expectEqual(Array(ids.suffix(2)), new.map(\.id).sorted())
  }

  @Test func theDemosUsageErrorsNeedNoData() async throws {
    let directory = try TemporaryDirectory()
    let search = try await CLIProcess.run(["help", "search"], directory: directory.url)
    #expect(search.status == 0 && search.stdout.hasPrefix("OVERVIEW: Search friends by name.\n"))
    let missing = try await CLIProcess.run(["show"], directory: directory.url)
    #expect(missing.status == 64 && missing.stderr.hasPrefix("error: missing argument '<id>'\n"))
    let notNumber = try await CLIProcess.run(["remove", "three"], directory: directory.url)
    expectEqual(notNumber.status, 64)
    #expect(notNumber.stderr.hasPrefix("error: argument '<id>' must be an integer, got 'three'\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
  }

  @Test func theDemosCommandsNeedALogin() async throws {
    let directory = try TemporaryDirectory()
    let list = try await CLIProcess.run(["list"], directory: directory.url)
    #expect(list.status == 1 && list.stdout == "")
    expectEqual(
      list.stderr,
      "error: Not logged in. Run 'friends --data-dir \(directory.url.path) login' first.\n")
  }

  @Test func theDemosCommandsWorkAgainstAServer() async throws {
    let storeDirectory = try TemporaryDirectory()
    let store = try LocalStore(directory: storeDirectory.url)
    let server = try HTTPServer(router: ServerAPI(storage: .embedded(store: store)).router)
    defer { server.stop() }
    let unused = try TemporaryDirectory()
    func run(_ words: String...) async throws -> CLIProcess.Result {
      try await CLIProcess.run(
        ["--server", server.url.absoluteString] + words, directory: unused.url,
        dataDirectoryOption: false)
    }
    let login = try await run("login", "-e", "ada@example.com", "-p", Self.password)
    #expect(login.status == 0 && login.stdout == "Logged in as Ada.\n")
    // Answers arrive from the network; the form waits for its loaded state before saving.
    let edited = try await run("edit", "3", "--first", "Ken")
    #expect(edited.status == 0 && edited.stdout == "Saved Ken Watanabe (id 3).\n")
    #expect(try store.record(Friend.self, id: 3).firstName == "Ken")
    let list = try await run("list", "--json")
    #expect(try JSONDecoder().decode([Friend].self, from: Data(list.stdout.utf8)).count == 20)
    let invalid = try await run("add", "--first", "A", "--last", "B", "--phone", "12")
    #expect(
      invalid.status == 1 && invalid.stderr == "error: A phone number needs 7 to 15 digits.\n")
  }
}
