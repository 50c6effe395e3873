import CommandLineKit
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

@testable import __CLIModule__

/// `__command__`, bound to its view model on virtual time.
@Suite @MainActor struct __Feature__CommandTests {
  @Test func anEntryIsAddedAndCounted() {
    let harness = Harness()
    #expect(harness.run(["__command__", "  milk "]) == .success)
    #expect(harness.stdout == "Added milk.\n1 entry\n")
    #expect(harness.stderr == "")
  }

  @Test func eachLineOfInputIsAnEntryAndAnEmptyOneIsRefused() {
    let harness = Harness()
    harness.lines = harness.clock.createHotObservable([
      .next(100, "milk"), .next(200, " "), .next(300, "eggs"), .completed(400),
    ]).asObservable()
    #expect(harness.run("__command__") == .failure)
    #expect(harness.stdout == "Added milk.\nAdded eggs.\n2 entries\n")
    #expect(harness.stderr == "error: \(__Feature__ViewModel.validate("").message!)\n")
    #expect(harness.clock.clock == 400)
  }

  @Test func jsonPrintsTheEntriesOnce() {
    let harness = Harness()
    #expect(harness.run(["--json", "__command__", "milk"]) == .success)
    #expect(harness.stdout == "{\n  \"entries\" : [\n    \"milk\"\n  ]\n}\n")
  }

  @Test func itNeedsAnAccount() {
    let harness = Harness(loggedIn: false)
    #expect(harness.run(["__command__", "milk"]) == .failure)
    #expect(harness.stdout == "")
    #expect(harness.stderr == "error: \(CommandContext.notLoggedIn)\n")
  }
}
