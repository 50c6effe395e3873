import AppComposition
import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing

@testable import FriendsCLI
@testable import FriendsTUI

/// One add-a-friend story told to both fronts, each over its own fake service on virtual time:
/// the same form view model checks the fields and saves, so the same drafts reach the service
/// and the same messages come back.
@MainActor @Suite struct AddFriendParityTests {
  /// The attempts of the story, in order: a missing last name and a short phone number; a
  /// valid friend that the service refuses; the same friend again, accepted.
  static let attempts = [
    FriendDraft(firstName: "Alan", lastName: "", phoneNumber: "555 01"),
    FriendDraft(firstName: "Alan", lastName: "Turing", phoneNumber: "555 0103"),
    FriendDraft(firstName: "Alan", lastName: "Turing", phoneNumber: "555 0103"),
  ]

  /// What the form says after each attempt, as the view model's own tests state it.
  static let messages = [
    ["Enter a last name.", "A phone number needs 7 to 15 digits."],
    ["Could not save: that name is taken"],
    [],
  ]

  static let ada = Account(email: "ada@example.com", displayName: "Ada")

  /// Logged in as Ada, with a friends service that refuses the first save and accepts the
  /// next, 200 ms after each request.
  static func scriptedServices(_ clock: TestScheduler) -> (AppServices, FakeFriendsService) {
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    let friends = FakeFriendsService(scheduler: clock)
    friends.recordsResponse = { _ in [.next(10, []), .completed(10)] }
    var saves = 0
    friends.addResponse = { draft in
      saves += 1
      return saves == 1
        ? [.error(200, ServiceError.invalid("that name is taken"))]
        : [.next(200, Friend(id: 3, draft: draft)), .completed(200)]
    }
    let services = AppServices(
      auth: auth, collections: FakeRecordsProvider([friends], scheduler: clock),
      features: FeatureServices(
        search: FakeSearchService(scheduler: clock),
        timeline: FakeTimelineService(scheduler: clock), postCache: InMemoryPostCache()),
      scheduler: clock, origin: "the test")
    return (services, friends)
  }

  struct Outcome {
    var messages: [[String]]
    var drafts: [FriendDraft]
    var added: Bool
  }

  @Test func bothFrontsSaveTheSameDraftsAndShowTheSameMessages() {
    let command = commandLineStory()
    let terminal = terminalStory()
    expectEqual(command.messages, Self.messages)
    expectEqual(terminal.messages, command.messages)
    expectEqual(command.drafts, Array(Self.attempts[1...]))
    expectEqual(terminal.drafts, command.drafts)
    #expect(command.added && terminal.added)
  }

  /// The drafts the service was asked to add.
  static func drafts(_ friends: FakeFriendsService) -> [FriendDraft] {
    friends.calls.compactMap { call in
      if case .add(let draft) = call { return draft }
      return nil
    }
  }

  /// Each attempt as one `add` command; its messages are what the command printed as errors.
  func commandLineStory() -> Outcome {
    let clock = makeClock()
    let (services, friends) = Self.scriptedServices(clock)
    var messages: [[String]] = []
    var lastRun: CommandRun?
    for draft in Self.attempts {
      let run = runCommand(
        [
          "add", "--first", draft.firstName, "--last", draft.lastName, "--phone",
          draft.phoneNumber,
        ], services: services, clock: clock)
      messages.append(run.errors)
      lastRun = run
    }
    return Outcome(
      messages: messages, drafts: Self.drafts(friends),
      added: lastRun?.status == .success && lastRun?.output == "Added Alan Turing (id 3).\n")
  }

  /// Each attempt typed into the add form, opened from the friends list with "a"
  /// (the list itself from the home with "f"); its
  /// messages are the rows under the fields and the form's message row, once the answer to
  /// Save (when the form lets it be pressed) is in, or none once the app has left the form.
  func terminalStory() -> Outcome {
    let clock = makeClock()
    let (services, friends) = Self.scriptedServices(clock)
    var messages: [[String]] = []
    let added = SharingScheduler.mock(scheduler: clock) {
      let front = TerminalFront(services: services, clock: clock)
      clock.advanceTo(clock.clock + 10)
      front.send("f")  // the friends list, from the home
      front.send("a")
      for draft in Self.attempts {
        // Clear each field (Ctrl-U) and fill it in, move to Save and press Enter; then let
        // the answer come, and go back up to the first field.
        front.send(
          "\u{15}" + draft.firstName + "\t\u{15}" + draft.lastName + "\t\u{15}"
            + draft.phoneNumber + "\t\r")
        clock.advanceTo(clock.clock + 1_000)
        let onForm = front.app.navigator.currentStack.last == .addFriend
        messages.append(onForm ? front.texts(ofRows: [3, 5, 7, 11]) : [])
        front.send("\u{1B}[Z\u{1B}[Z\u{1B}[Z")
      }
      // Saved, the app goes back to the friends list.
      defer { front.app.quit() }
      return front.app.navigator.currentStack == [.home, .friends]
    }
    return Outcome(messages: messages, drafts: Self.drafts(friends), added: added)
  }
}
