import CommandLineKit
import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Testing

@testable import FriendsCLI

/// Commands on the embedded store in a temporary directory, in process on virtual time: the
/// same services the program uses, with `--latency` delaying each answer on the clock.
@Suite @MainActor struct EmbeddedStoreCommandTests {
  @Test func theDemoAccountLogsInAndListsItsFriendsWithLatency() throws {
    let directory = try TemporaryDirectory()
    let harness = Harness()
    harness.storeDirectory = directory.url

    expectEqual(harness.run("list"), .failure)
    expectEqual(harness.stderr, "error: Not logged in. Run 'friends login' first.\n")

    let start = harness.clock.clock
    let login = ["--latency", "300", "login", "-e", "ada@example.com", "-p", "correct horse"]
    expectEqual(harness.run(login), .success)
    #expect(harness.clock.clock == start + 300)
    expectEqual(harness.stdout, "Logged in as Ada.\n")

    expectEqual(harness.run("--latency 250 list"), .success)
    #expect(harness.clock.clock == start + 550)
    let lines = harness.stdout.split(separator: "\n").dropFirst()
    expectEqual(lines.first, "ID  NAME             PHONE")
    expectEqual(lines.count, 21)
    #expect(lines.contains("17  Samuel Adeyemi   +234 803 555 0917"))
  }

  @Test func addShowEditAndRemoveGoThroughTheStore() throws {
    let directory = try TemporaryDirectory()
    let store = try LocalStore(directory: directory.url)
    _ = try store.logIn(email: "ada@example.com", password: "correct horse")
    let harness = Harness()
    harness.storeDirectory = directory.url

    expectEqual(
      harness.run(["add", "--first", "Ada", "--last", "Lovelace", "--phone", "+44 20 7946 0001"]),
      .success)
    expectEqual(harness.stdout, "Added Ada Lovelace (id 21).\n")
    #expect(try store.record(Friend.self, id: 21).phoneNumber == "+44 20 7946 0001")

    expectEqual(harness.run(["edit", "21", "--last", "King"]), .success)
    #expect(try store.record(Friend.self, id: 21).fullName == "Ada King")

    expectEqual(harness.run("remove 21"), .success)
    #expect(throws: StoreError.notFound(21, record: "friend")) {
      try store.record(Friend.self, id: 21)
    }
    expectEqual(harness.run("show 21"), .failure)
    expectEqual(harness.stderr, "error: No friend has the id 21.\n")
  }

  @Test func aDataDirectoryThatIsAFileIsNamedAsSuch() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("data")
    try Data("mine".utf8).write(to: file)
    let harness = Harness()
    harness.storeDirectory = file
    expectEqual(harness.run("list"), .failure)
    #expect(
      harness.stderr
        == "error: The data directory \(file.path) is not a directory, so it cannot hold the "
        + "data files. It was left untouched.\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
  }
}

/// The embedded store's live demo: `timeline --follow` shows the posts it writes.
@Suite @MainActor struct LiveDemoCommandTests {
  @Test func followingTheTimelineShowsTheDemosNewPosts() throws {
    let directory = try TemporaryDirectory()
    let store = try LocalStore(directory: directory.url)
    _ = try store.logIn(email: "ada@example.com", password: "correct horse")
    let harness = Harness()
    harness.storeDirectory = directory.url
    // Posts are written at 36.9 s and 74.9 s (the demo's pace) and printed at the next
    // fetches, at 40 s and 75 s.
    expectEqual(harness.run("timeline --follow --json", limit: 80_000), .interrupted)
    let ids = harness.stdout.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: "\"id\":") else { return nil }
      return Int(
        line[range.upperBound...].prefix { $0.isNumber || $0 == " " }.trimmingCharacters(
          in: .whitespaces))
    }
    expectEqual(ids, Array(81...102))
    let written = try store.timeline(sinceId: 100).map(\.authorName)
    expectEqual(written, ["Tomás Ibarra", "Hanna Virtanen"])
    // Nothing is written once no one watches.
    expectEqual(harness.run("whoami"), .success)
    harness.clock.advanceTo(harness.clock.clock + 200_000)
    #expect(try store.timeline(sinceId: 102).isEmpty)
  }
}

/// `timeline --follow` while the data file is damaged, then repaired by hand.
@Suite @MainActor struct DamagedStoreFollowTests {
  @Test func followingSaysTheFileIsDamagedOnceStaysLoggedInAndGoesOnOnceItIsRepaired() throws {
    let directory = try TemporaryDirectory()
    let store = try LocalStore(directory: directory.url)
    _ = try store.logIn(email: "ada@example.com", password: "correct horse")
    let file = store.fileURL
    let good = try Data(contentsOf: file)
    let harness = Harness()
    harness.storeDirectory = directory.url
    harness.clock.scheduleAt(2_500) {
      try? Data("{\"schemaVersion\": 3, garbage".utf8).write(to: file)
    }
    harness.clock.scheduleAt(5_500) { try? good.write(to: file) }
    harness.clock.scheduleAt(6_500) {
      _ = try? store.generatePosts(count: 1, date: Date(timeIntervalSince1970: 1_800_000_000))
    }
    expectEqual(harness.run("timeline --follow --interval 1", limit: 8_000), .interrupted)
    #expect(
      harness.stderr
        == "error: Could not load posts: The data file \(file.path) is damaged (not valid JSON: "
        + "expected a field name in quotes at line 1, column 22). It was left untouched: repair "
        + "it, or move it away to start again with demo data.\n")
    let lines = harness.stdout.split(separator: "\n")
    expectEqual(lines.count, 21)
    expectEqual(lines.last?.hasPrefix("2027-01-15"), true)
    #expect(try Data(contentsOf: file) == good)
  }

  @Test func followingSaysTheFileWasDeletedAndDoesNotCreateItAgain() throws {
    let directory = try TemporaryDirectory()
    let store = try LocalStore(directory: directory.url)
    _ = try store.logIn(email: "ada@example.com", password: "correct horse")
    let file = store.fileURL
    let harness = Harness()
    harness.storeDirectory = directory.url
    harness.clock.scheduleAt(2_500) {
      try? FileManager.default.removeItem(at: file)
      try? FileManager.default.removeItem(at: store.journalURL)
    }
    expectEqual(harness.run("timeline --follow --interval 1", limit: 6_000), .interrupted)
    #expect(
      harness.stderr
        == "error: Could not load posts: The data file \(file.path) was deleted. Nothing can be "
        + "read or saved until it is put back; the next start creates it again with demo data.\n")
    expectEqual(harness.stdout.split(separator: "\n").count, 20)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
