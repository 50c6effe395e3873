import AppComposition
import Foundation
import Navigator
import ReactiveTesting
import Services
import Testing
import ViewModels

@testable import FriendsTUI

/// A data file that breaks while the app runs: a banner above the screen says what is wrong,
/// whole, and the app stays on its screen, logged in.
@MainActor @Suite struct DataProblemScreenTests {
  nonisolated static let damaged =
    "The data file /home/ada/.local/state/friends/store.json is damaged (not valid JSON: "
    + "expected a field name in quotes at line 1, column 22). It was left untouched: repair "
    + "it, or move it away to start again with demo data."

  @Test func aDamagedFileIsShownWholeAboveTheScreenUntilItCanBeReadAgain() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: HomeScreenTests.features)
      h.advance(to: 1_000)
      h.auth.data.accept(.unreadable(message: Self.damaged))
      h.settle()
      expectScreen(
        h,
        [
          " Home                                                                       Ada",
          " The data file /home/ada/.local/state/friends/store.json is damaged (not valid",
          " JSON: expected a field name in quotes at line 1, column 22). It was left",
          " untouched: repair it, or move it away to start again with demo data. Nothing",
          " is saved until it can be read again.",
        ] + HomeScreenTests.rows + Array(repeating: "", count: 13) + [HomeScreenTests.hints])
      expectEqual(h.app.navigator.currentStack, [.home])
      expectEqual(h.app.accountName, "Ada")

      // The screen under the banner still works.
      h.press(.down)
      expectEqual(h.line(9), " › o  Log in           another account")

      h.advance(to: 3_000)
      h.auth.data.accept(.available)
      h.settle()
      expectEqual(h.line(1), "   2 features")
      #expect(h.app.dataProblem == nil)
      expectEqual(h.app.navigator.currentStack, [.home])
    }
  }

  @Test func onASmallTerminalTheBannerLeavesTheScreenThreeRows() {
    Harness.run(width: 60, height: 20) { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: HomeScreenTests.features)
      h.auth.data.accept(.deleted(message: "The data file /data/store.json was deleted."))
      h.settle()
      expectEqual(h.line(1), " The data file /data/store.json was deleted.")
      expectEqual(h.line(2), "   2 features")
    }
    Harness.run(width: 40, height: 10) { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: HomeScreenTests.features)
      h.auth.data.accept(.unreadable(message: Self.damaged))
      h.settle()
      expectScreen(
        h,
        [
          " Home                               Ada",
          " The data file",
          " /home/ada/.local/state/friends/store.j",
          " son is damaged (not valid JSON:",
          " expected a field name in quotes at",
          " line 1, column 22). It was left …",
          "   2 features",
          "   Logged in as Ada.",
          "",
          " ↑↓ move  Enter open  ? help  q quit",
        ])
    }
  }

  @Test func theEmbeddedStoresFileDamagedOrDeletedUnderTheAppIsShownAndNotCreatedAgain() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tui-data-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("store.json")
    try Harness.run { h in
      let services = try AppServices.local(directory: directory, scheduler: h.clock)
      let app = TUIApplication(
        terminal: h.terminal, services: services, scheduler: h.clock,
        timeZone: TimeZone(identifier: "UTC")!)
      try app.start()
      defer { app.quit() }
      h.settle()
      expectEqual(h.line(1), "")
      try Data("{\"schemaVersion\": 3, garbage".utf8).write(to: file)
      h.advance(to: 1_000)
      let damaged =
        "The data file \(file.path) is damaged (not valid JSON: expected a field name in "
        + "quotes at line 1, column 22). It was left untouched: repair it, or move it away to "
        + "start again with demo data. Nothing is saved until it can be read again."
      expectEqual(app.dataProblem, damaged)
      #expect(h.lines[1...].joined().contains("The data file"))
      #expect(try Data(contentsOf: file) == Data("{\"schemaVersion\": 3, garbage".utf8))
      expectEqual(app.navigator.currentStack, [.login])

      try FileManager.default.removeItem(at: file)
      h.advance(to: 2_000)
      #expect(
        app.dataProblem
          == "The data file \(file.path) was deleted. Nothing can be read or saved until it is "
          + "put back; the next start creates it again with demo data.")
      h.advance(to: 5_000)
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }
}
