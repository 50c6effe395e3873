import CommandLineKit
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing
import ViewModels

@testable import FriendsCLI

/// `list`, `show`, `add`, `edit` and `remove`, bound to their view models on virtual time.
@Suite @MainActor struct FriendsCommandTests {
  static let table = """
    ID  NAME          PHONE
     3  Ada Lovelace  +44 20 7946 0001
    12  Grace Hopper  +1 555 010 2841
     7  Alan Turing   +44 161 555 0100

    """

  @Test(arguments: [
    "list", "show 3", "add --first A --last B --phone 5550100", "edit 3 --first A", "remove 3",
    "search ada", "timeline", "people",
  ])
  func commandsThatNeedAnAccountSaySoAndAskNothing(line: String) {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run(line), .failure)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "error: Not logged in. Run 'friends login' first.\n")
    #expect(harness.friends.calls.isEmpty && harness.search.allRequests.isEmpty)
    #expect(harness.timeline.timelineCursors.isEmpty && harness.timeline.peopleRequests.isEmpty)
  }

  @Test func listPrintsAlignedColumnsOnceLoaded() {
    let harness = Harness()
    harness.friends.recordsResponse = { _ in
      [.next(200, [Sample.ada, Sample.grace, Sample.alan]), .completed(200)]
    }
    expectEqual(harness.run("list"), .success)
    expectEqual(harness.stdout, Self.table)
    expectEqual(harness.stderr, "")
    expectEqual(harness.clock.clock, 200)
  }

  @Test func onANarrowTerminalTheTableFitsAndPipedItIsNeverCut() {
    let narrow = Harness(outputColumns: 24)
    narrow.friends.recordsResponse = { _ in [.next(1, [Sample.ada, Sample.grace]), .completed(1)] }
    expectEqual(narrow.run("list"), .success)
    #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.displayWidth <= 24 })
    #expect(narrow.stdout.contains("…"))
    let piped = Harness()
    piped.friends.recordsResponse = { _ in [.next(1, [Sample.ada, Sample.grace]), .completed(1)] }
    expectEqual(piped.run("list"), .success)
    #expect(!piped.stdout.contains("…"))
    #expect(piped.stdout.contains("Ada Lovelace  +44 20 7946 0001"))
  }

  @Test func colourIsForHeadersAndErrorsAndOffWithNoColor() {
    let coloured = Harness(colour: true)
    coloured.friends.recordsResponse = { _ in [.next(1, [Sample.ada]), .completed(1)] }
    expectEqual(coloured.run("list"), .success)
    expectEqual(
      coloured.stdout,
      "\u{1B}[1mID  NAME          PHONE\u{1B}[0m\n 3  Ada Lovelace  +44 20 7946 0001\n")
    coloured.friends.recordResponse = { id in [.error(1, ServiceError.notFound(id: id))] }
    expectEqual(coloured.run("show 9"), .failure)
    expectEqual(
      coloured.stderr, "\u{1B}[1m\u{1B}[31merror:\u{1B}[0m\u{1B}[0m No friend has the id 9.\n")

    let plain = Harness(colour: true)
    plain.friends.recordsResponse = { _ in [.next(1, [Sample.ada]), .completed(1)] }
    expectEqual(plain.run("list --no-color"), .success)
    expectEqual(plain.stdout, "ID  NAME          PHONE\n 3  Ada Lovelace  +44 20 7946 0001\n")
  }

  @Test func listPrintsJSON() {
    let harness = Harness()
    harness.friends.recordsResponse = { _ in [.next(5, [Sample.ada]), .completed(5)] }
    expectEqual(harness.run("list --json"), .success)
    expectEqual(
      harness.stdout,
      """
      [
        {
          "firstName" : "Ada",
          "id" : 3,
          "lastName" : "Lovelace",
          "phoneNumber" : "+44 20 7946 0001"
        }
      ]

      """)
  }

  @Test func anEmptyListSaysSoInTheCommandLinesTerms() {
    let harness = Harness()
    harness.friends.recordsResponse = { _ in [.next(5, []), .completed(5)] }
    expectEqual(harness.run("list"), .success)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "No friends yet. Add one with 'friends add'.\n")
    expectEqual(harness.run("--server http://127.0.0.1:9 list"), .success)
    #expect(
      harness.stderr.hasSuffix(
        "No friends yet. Add one with 'friends --server http://127.0.0.1:9 add'.\n"))
  }

  @Test func aFailedLoadPrintsTheAlertAndExits1() {
    let harness = Harness()
    harness.friends.recordsResponse = { _ in [.error(5, ServiceError.timedOut)] }
    expectEqual(harness.run("list"), .failure)
    expectEqual(harness.stdout, "")
    expectEqual(
      harness.stderr, "error: Could not load the friends: the server did not answer in time\n")
  }

  @Test func theSpinnerTurnsOnATerminalWhileLoadingAndIsErasedBeforeTheResults() {
    let harness = Harness(terminal: true)
    harness.friends.recordsResponse = { _ in [.next(200, [Sample.ada]), .completed(200)] }
    expectEqual(harness.run("list"), .success)
    let first = "⠋ Loading friends…"
    let second = "⠙ Loading friends…"
    let erase = "\r" + String(repeating: " ", count: second.count) + "\r"
    // Frames at 80 and 160 ms; erased when the results come at 200.
    #expect(harness.stderr == "\r" + first + "\r" + second + erase)
    #expect(harness.stdout.hasPrefix("ID  NAME"))
  }

  @Test func quickWorkShowsNoSpinner() {
    let harness = Harness(terminal: true)
    harness.friends.recordsResponse = { _ in [.next(50, [Sample.ada]), .completed(50)] }
    expectEqual(harness.run("list"), .success)
    expectEqual(harness.stderr, "")
  }

  @Test func showPrintsTheFriendsFields() {
    let harness = Harness()
    harness.friends.recordResponse = { _ in [.next(10, Sample.ada), .completed(10)] }
    expectEqual(harness.run("show 3"), .success)
    expectEqual(
      harness.stdout,
      """
      ID          3
      First name  Ada
      Last name   Lovelace
      Phone       +44 20 7946 0001

      """)
    expectEqual(harness.friends.calls, [.record(id: 3)])
  }

  @Test func anUnknownIdIsTheServicesError() {
    let harness = Harness()
    harness.friends.recordResponse = { id in [.error(10, ServiceError.notFound(id: id))] }
    expectEqual(harness.run("show 99"), .failure)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "error: No friend has the id 99.\n")
  }

  @Test(arguments: ["show 0", "show -4", "remove 0", "edit -1 --first A"])
  func anImpossibleIdIsRefusedByTheNavigatorWithoutARequest(line: String) {
    let harness = Harness()
    expectEqual(harness.run(line), .failure)
    let id = line.split(separator: " ")[1]
    expectEqual(harness.stderr, "error: No friend has the id \(id).\n")
    #expect(harness.friends.calls.isEmpty)
  }

  @Test func addSavesWhatTheOptionsSay() {
    let harness = Harness()
    let draft = FriendDraft(firstName: "Ada", lastName: "Lovelace", phoneNumber: "+44 20 7946 0001")
    harness.friends.addResponse = { draft in
      [.next(100, Friend(id: 21, draft: draft)), .completed(100)]
    }
    let code = harness.run([
      "add", "--first", " Ada ", "--last", "Lovelace", "--phone", "+44 20 7946 0001",
    ])
    expectEqual(code, .success)
    expectEqual(harness.stdout, "Added Ada Lovelace (id 21).\n")
    // The form trims the fields.
    expectEqual(harness.friends.calls, [.add(draft)])
  }

  @Test func anInvalidPhoneNumberIsTheFormsMessageAndNothingIsSaved() {
    let harness = Harness()
    expectEqual(
      harness.run(["add", "--first", "Ada", "--last", "Lovelace", "--phone", "call me"]), .failure
    )
    expectEqual(
      harness.stderr,
      "error: A phone number can contain only digits, spaces, \"+\", \"-\" and parentheses.\n"
    )
    #expect(harness.friends.calls.isEmpty)
  }

  @Test func everyInvalidFieldIsReported() {
    let harness = Harness()
    expectEqual(harness.run(["add", "--first", "", "--last", " ", "--phone", "12"]), .failure)
    expectEqual(
      harness.stderr,
      """
      error: Enter a first name.
      error: Enter a last name.
      error: A phone number needs 7 to 15 digits.

      """)
  }

  @Test func addAsksForMissingFieldsOnATerminal() {
    let harness = Harness(terminal: true, answers: ["Grace", "5550100 22"])
    harness.friends.addResponse = { draft in
      [.next(1, Friend(id: 22, draft: draft)), .completed(1)]
    }
    expectEqual(harness.run(["add", "--last", "Hopper"]), .success)
    expectEqual(harness.stderr, "First name: Phone: ")
    expectEqual(harness.stdout, "Added Grace Hopper (id 22).\n")
  }

  @Test func addAsksAgainForAFieldTheFormRefusesAsLoginDoes() {
    let harness = Harness(terminal: true, answers: ["", "Grace", "12", "5550100 22"])
    harness.friends.addResponse = { draft in
      [.next(1, Friend(id: 22, draft: draft)), .completed(1)]
    }
    expectEqual(harness.run(["add", "--last", "Hopper"]), .success)
    #expect(
      harness.stderr == "First name: error: Enter a first name.\nFirst name: Phone: "
        + "error: A phone number needs 7 to 15 digits.\nPhone: ")
    expectEqual(harness.stdout, "Added Grace Hopper (id 22).\n")
  }

  @Test func addWithoutATerminalNeedsEveryField() {
    let harness = Harness()
    expectEqual(harness.run(["add", "--first", "Grace"]), .usage)
    #expect(
      harness.stderr.hasPrefix(
        "error: cannot ask for Last name: standard input is not a terminal; pass --last\n"))
    #expect(harness.friends.calls.isEmpty)
  }

  @Test func editKeepsTheFieldsItIsNotGiven() {
    let harness = Harness()
    harness.friends.recordResponse = { _ in [.next(30, Sample.ada), .completed(30)] }
    harness.friends.updateResponse = { friend in [.next(40, friend), .completed(40)] }
    expectEqual(harness.run(["edit", "3", "--phone", "+44 20 7946 0999"]), .success)
    expectEqual(harness.stdout, "Saved Ada Lovelace (id 3).\n")
    var changed = Sample.ada
    changed.phoneNumber = "+44 20 7946 0999"
    expectEqual(harness.friends.calls, [.record(id: 3), .update(changed)])
    expectEqual(harness.clock.clock, 70)
  }

  @Test func editingAnUnknownFriendSaysSo() {
    let harness = Harness()
    harness.friends.recordResponse = { id in [.error(10, ServiceError.notFound(id: id))] }
    expectEqual(harness.run("edit 99 --first X"), .failure)
    expectEqual(harness.stderr, "error: No friend has the id 99.\n")
    expectEqual(harness.friends.calls, [.record(id: 99)])
  }

  @Test func aFailedSaveSaysSo() {
    let harness = Harness()
    harness.friends.recordResponse = { _ in [.next(1, Sample.ada), .completed(1)] }
    harness.friends.updateResponse = { _ in [.error(1, ServiceError.storage("disk full"))] }
    expectEqual(harness.run("edit 3 --first Augusta"), .failure)
    expectEqual(harness.stderr, "error: Could not save: disk full\n")
  }

  @Test func aFriendChangedBetweenTheReadAndTheWriteIsNotOverwritten() {
    let harness = Harness()
    harness.friends.recordResponse = { _ in [.next(1, Sample.ada), .completed(1)] }
    // The store refuses the revision read: someone saved the friend in between.
    harness.friends.updateResponse = { friend in
      [.error(1, ServiceError.changedElsewhere(id: friend.id))]
    }
    expectEqual(harness.run("edit 3 --first Augusta"), .failure)
    expectEqual(harness.stderr, "error: Ada Lovelace was changed elsewhere\n")
    expectEqual(harness.stdout, "")
    var mine = Sample.ada
    mine.firstName = "Augusta"
    expectEqual(harness.friends.calls, [.record(id: 3), .update(mine)])
  }

  @Test func removeLoadsTheFriendThenDeletesIt() {
    let harness = Harness()
    harness.friends.recordResponse = { _ in [.next(10, Sample.ada), .completed(10)] }
    harness.friends.removeResponse = { _ in [.completed(20)] }
    expectEqual(harness.run("remove 3"), .success)
    expectEqual(harness.stdout, "Removed Ada Lovelace (id 3).\n")
    expectEqual(harness.friends.calls, [.record(id: 3), .remove(id: 3)])

    let json = Harness()
    json.friends.recordResponse = { _ in [.next(10, Sample.ada), .completed(10)] }
    json.friends.removeResponse = { _ in [.completed(20)] }
    expectEqual(json.run("remove 3 --json"), .success)
    #expect(json.stdout.hasPrefix("{\n  \"removed\" : {\n    \"firstName\" : \"Ada\","))
  }

  @Test func removingAnUnknownFriendDeletesNothing() {
    let harness = Harness()
    harness.friends.recordResponse = { id in [.error(10, ServiceError.notFound(id: id))] }
    expectEqual(harness.run("remove 42"), .failure)
    expectEqual(harness.stderr, "error: No friend has the id 42.\n")
    expectEqual(harness.friends.calls, [.record(id: 42)])
  }
}
