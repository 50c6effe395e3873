import AppComposition
import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

@testable import __CLIModule__

/// `__command__ list`, `add` and `remove`, bound to the view model on virtual time, over a
/// fake service whose calls take 100 ms.
@Suite @MainActor struct __Feature__CommandTests {
  static func harness(loggedIn: Bool = true) -> (Harness, InMemoryRecordsService<__Feature__Item>) {
    let harness = Harness(loggedIn: loggedIn)
    let service = InMemoryRecordsService<__Feature__Item>(
      scheduler: harness.clock,
      items: [
        __Feature__Item(
          id: 1, draft: __Feature__Draft(text: "first"), revision: 1,
          createdAt: Date(timeIntervalSince1970: 0.25))
      ])
    harness.extraFakes = [service]
    return (harness, service)
  }

  @Test func listAddAndRemove() {
    let (harness, service) = Self.harness()
    #expect(harness.run(["__command__", "add", "  second "]) == .success)
    #expect(harness.stdout == "Added second.\n")
    #expect(harness.run(["__command__", "list"]) == .success)
    #expect(harness.stdout == "Added second.\n1  first\n2  second\n")
    #expect(harness.run(["__command__", "remove", "1"]) == .success)
    #expect(harness.stdout.hasSuffix("Removed first.\n"))
    #expect(service.items.map(\.text) == ["second"])
    #expect(harness.stderr == "")
  }

  @Test func jsonPrintsTheRecords() {
    let (harness, _) = Self.harness()
    #expect(harness.run(["--json", "__command__", "list"]) == .success)
    let records = try? JSONSerialization.jsonObject(with: Data(harness.stdout.utf8))
    #expect(
      (records as? [[String: Any]])?.first?["createdAt"] as? String == "1970-01-01T00:00:00.250Z")
    #expect((records as? [[String: Any]])?.first?["text"] as? String == "first")
  }

  @Test func badInputIsRefusedAndChangesNothing() {
    let (harness, service) = Self.harness()
    #expect(harness.run(["__command__", "add", " "]) == .failure)
    #expect(harness.stderr == "error: An entry cannot be empty.\n")
    #expect(harness.run(["__command__", "remove", "7"]) == .failure)
    #expect(harness.stderr.hasSuffix("error: no record has id 7\n"))
    #expect(harness.run(["__command__", "remove", "x"]) == .usage)
    #expect(harness.run(["__command__", "shout"]) == .usage)
    #expect(service.items.map(\.text) == ["first"])
  }

  @Test func itNeedsAnAccount() {
    let (harness, service) = Self.harness(loggedIn: false)
    #expect(harness.run(["__command__", "list"]) == .failure)
    #expect(harness.stdout == "")
    #expect(harness.stderr == "error: Not logged in. Run '\(AppIdentity.command) login' first.\n")
    #expect(service.calls.isEmpty)
  }
}
