import Models
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// The add and edit forms: validation messages per field, Save enabled only when valid, a
/// spinner while saving, back to the refreshed list on success.
@MainActor @Suite struct FriendFormScreenTests {
  static func formScreen(
    title: String =
      " Home › Friends › Add friend                                                Ada",
    fields: [String], save: String, status: String
  ) -> [String] {
    [title, ""] + fields + ["", save] + Array(repeating: "", count: 13) + [status]
  }

  static let editingStatus = " Tab next  Enter next  Esc leave field  F1 help  Ctrl-C quit"

  @Test func addingAFriendValidatesAsYouTypeSavesAndGoesBackToTheRefreshedList() {
    Harness.run { h in
      h.friends.recordsResponse = { call in
        [.next(100, call == 0 ? [Fixtures.ada] : [Fixtures.ada, Fixtures.alan]), .completed(100)]
      }
      h.friends.addResponse = { draft in
        // The backend announces its own writes, so the list reloads.
        h.clock.scheduleAt(h.clock.clock + 200) { h.friends.changes.accept(()) }
        return [.next(200, Friend(id: 3, draft: draft)), .completed(200)]
      }
      h.startLoggedIn()
      h.advance(by: 100)
      h.press(.character("a"))
      expectScreen(
        h,
        Self.formScreen(
          // No field was left yet: no message.
          fields: [
            "   First name  first name", "", "   Last name   last name", "",
            "   Phone       digits, spaces, + - ( )", "",
          ], save: "               ( Save )", status: Self.editingStatus))
      h.type("Alan")
      h.press(.tab)
      h.type("Turing")
      h.press(.enter)
      h.type("555 01")
      h.press(.tab)
      // The phone number was left with too few digits.
      expectScreen(
        h,
        Self.formScreen(
          fields: [
            "   First name  Alan",
            "",
            "   Last name   Turing",
            "",
            "   Phone       555 01",
            "               A phone number needs 7 to 15 digits.",
          ], save: "               ( Save )",
          status: " Enter save  Tab next  Esc cancel  ? help  q quit"))
      h.press(.backTab)
      h.type("03")
      // The message follows the text from then on.
      expectEqual(h.line(7), "")
      h.press(.tab)
      let filled = [
        "   First name  Alan", "", "   Last name   Turing", "", "   Phone       555 0103", "",
      ]
      expectScreen(
        h,
        Self.formScreen(
          fields: filled, save: "               [ Save ]",
          status: " Enter save  Tab next  Esc cancel  ? help  q quit"))
      h.press(.enter)
      expectScreen(
        h,
        Self.formScreen(
          fields: filled, save: "               ( Save )   ⠋ Saving…",
          status: " Enter save  Tab next  Esc cancel  ? help  q quit"))
      h.advance(by: 200)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      h.advance(by: 100)
      expectScreen(
        h,
        FriendsListScreenTests.listScreen(
          [
            "   Ada Lovelace                  555 0101",
            " › Alan Turing                   555 0103",
          ],
          count: "   2 friends", status: " Added Alan Turing."))
      // The message goes with the next key, and the list's hints come back.
      h.press(.down)
      expectEqual(h.line(23), FriendsListScreenTests.hints)
      expectEqual(
        h.friends.calls,
        [
          .records,
          .add(FriendDraft(firstName: "Alan", lastName: "Turing", phoneNumber: "555 0103")),
          .records,
        ])
    }
  }

  @Test func aClickFocusesAFieldAndSaveSaves() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.friends.addResponse = { draft in [.next(10, Friend(id: 3, draft: draft)), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      // The phone first, then the last name, then the first name: each click focuses a field.
      h.press(MouseTests.click(20, 6))
      h.type("555 0103")
      h.press(MouseTests.click(40, 4))
      h.type("Turing")
      h.press(MouseTests.click(3, 2))
      h.type("Alan")
      expectScreen(
        h,
        Self.formScreen(
          fields: [
            "   First name  Alan", "", "   Last name   Turing", "", "   Phone       555 0103", "",
          ], save: "               [ Save ]", status: Self.editingStatus))
      h.press(MouseTests.click(16, 9))
      h.advance(by: 10)
      expectEqual(
        h.friends.calls,
        [
          .records,
          .add(FriendDraft(firstName: "Alan", lastName: "Turing", phoneNumber: "555 0103")),
        ])
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
    }
  }

  @Test func escLeavesTheFieldAsksBeforeDiscardingAndNeverDropsASave() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.friends.addResponse = { draft in [.next(200, Friend(id: 3, draft: draft)), .completed(200)]
      }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Zoe")
      h.press(.escape)
      // The field was left; the form and its text are still there.
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.line(2), "   First name  Zoe")
      expectEqual(h.line(23), " Enter save  Tab next  Esc cancel  ? help  q quit")
      h.press(.escape)
      expectScreen(
        h,
        [
          " Home › Friends › Add friend                                                Ada",
          "",
          "   First name  Zoe",
          "",
          "   Last name   last name",
          "",
          "   Phone       digits, spaces, + - ( )",
          "",
          "",
          "               ( ┌─ Discard changes? ────────────────────────┐",
          "                 │                                           │",
          "                 │ Your changes to this friend will be lost. │",
          "                 │                                           │",
          "                 │       [ Discard ]  [ Keep editing ]       │",
          "                 └───────────────────────────────────────────┘",
        ] + Array(repeating: "", count: 8) + [" Tab switch  Enter choose  Esc cancel"])
      h.press(.enter)  // "Keep editing" has focus first
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.line(2), "   First name  Zoe")
      h.press(.escape)
      h.press(.tab)
      h.press(.enter)  // Discard
      expectEqual(h.app.navigator.currentStack, [.home, .friends])

      h.press(.character("a"))
      h.type("Zoe")
      h.press(.tab)
      h.type("Quinn")
      h.press(.tab)
      h.type("555 0199")
      h.press(.enter)
      expectEqual(h.line(9), "               ( Save )   ⠋ Saving…")
      h.press(.escape)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.line(23), " Saving… Esc works again once it is done.")
      h.advance(by: 200)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      #expect(
        h.friends.calls.contains(
          .add(FriendDraft(firstName: "Zoe", lastName: "Quinn", phoneNumber: "555 0199"))))
    }
  }

  @Test func escOnAnUnchangedFormGoesBackWithoutAsking() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.press(.escape, times: 2)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
    }
  }

  @Test func editingLoadsTheFriendIntoTheFields() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.grace]), .completed(10)] }
      h.friends.recordResponse = { _ in [.next(300, Fixtures.grace), .completed(300)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("e"))
      expectEqual(h.line(9), "               ( Save )   ⠋ Loading…")
      h.advance(by: 300)
      expectScreen(
        h,
        Self.formScreen(
          title: " Home › Friends › Edit friend                                               Ada",
          fields: [
            "   First name  Grace", "", "   Last name   Hopper", "", "   Phone       +1 555 0102",
            "",
          ], save: "               [ Save ]", status: Self.editingStatus))
      // Saved: back on the list, which says so.
      h.friends.updateResponse = { friend in [.next(50, friend), .completed(50)] }
      h.press(.tab)
      h.press(.tab)
      h.press(.tab)
      h.press(.enter)
      h.advance(by: 50)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectEqual(h.line(23), " Saved Grace Hopper.")
    }
  }

  @Test func aFailedSaveStaysOnTheFormWithTheReason() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, []), .completed(10)] }
      h.friends.addResponse = { _ in [.error(50, ServiceError.invalid("that name is taken"))] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Alan")
      h.press(.tab)
      h.type("Turing")
      h.press(.tab)
      h.type("5550103")
      h.press(.enter)
      h.advance(by: 50)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.line(11), "   Could not save: that name is taken")
      expectEqual(h.line(9), "               [ Save ]")
    }
  }

  /// Grace as another program saved her meanwhile: a new phone number, the next revision.
  static var graceChangedElsewhere: Friend {
    var elsewhere = Fixtures.grace
    elsewhere.phoneNumber = "+1 555 0999"
    elsewhere.revision += 1
    return elsewhere
  }

  /// Opens Grace's form (loaded before another program changed her), types "a" into the first
  /// name and saves: the service refuses every save whose revision is not the one saved
  /// elsewhere, and a second load answers with that friend. Returns her as saved elsewhere.
  @discardableResult static func saveOverAChangeMadeElsewhere(_ h: Harness) -> Friend {
    let elsewhere = graceChangedElsewhere
    var loads = 0
    h.friends.recordsResponse = { _ in [.next(10, [Fixtures.grace]), .completed(10)] }
    h.friends.recordResponse = { _ in
      loads += 1
      return [.next(10, loads == 1 ? Fixtures.grace : elsewhere), .completed(10)]
    }
    h.friends.updateResponse = { friend in
      guard friend.revision == elsewhere.revision else {
        return [.error(10, ServiceError.changedElsewhere(id: friend.id))]
      }
      return [.next(10, friend), .completed(10)]
    }
    h.startLoggedIn()
    h.advance(by: 10)
    h.press(.character("e"))
    h.advance(by: 10)
    h.type("a")
    h.press(.tab)
    h.press(.tab)
    h.press(.tab)
    h.press(.enter)
    h.advance(by: 10)
    return elsewhere
  }

  @Test func aStaleSaveAsksToReloadOrOverwrite() {
    Harness.run { h in
      Self.saveOverAChangeMadeElsewhere(h)
      expectScreen(
        h,
        [
          " Home › Friends › Edit friend                                               Ada",
          "", "   First name  Gracea", "", "   Last name   Hopper", "",
          "   Phone       +1 555 0102", "",
          "          ┌─ Changed elsewhere ──────────────────────────────────────┐",
          "          │                                                          │",
          "          │ Grace Hopper was changed elsewhere. Reload it, or        │",
          "          │ overwrite it with your changes?                          │",
          "          │                                                          │",
          "          │                [ Overwrite ]  [ Reload ]                 │",
          "          └──────────────────────────────────────────────────────────┘",
        ] + Array(repeating: "", count: 8) + [" Tab switch  Enter choose  Esc cancel"])
      expectEqual(
        h.app.navigator.currentStack, [.home, .friends, .editFriend(id: Fixtures.grace.id)])
      // "Reload" is focused: Enter fills the form with the friend as saved elsewhere.
      h.press(.enter)
      h.advance(by: 10)
      expectEqual(h.line(2), "   First name  Grace")
      expectEqual(h.line(6), "   Phone       +1 555 0999")
      expectEqual(h.line(9), "               [ Save ]")
      // Changed again and saved from the reloaded revision: saved.
      h.press(.tab)
      h.type("a")
      h.press(.tab)
      h.press(.tab)
      h.press(.enter)
      h.advance(by: 10)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectEqual(h.line(23), " Saved Gracea Hopper.")
    }
  }

  @Test func overwriteSavesTheFormOverTheCurrentRevision() {
    Harness.run { h in
      let elsewhere = Self.saveOverAChangeMadeElsewhere(h)
      h.press(.tab)  // Overwrite
      h.press(.enter)
      h.advance(by: 20)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectEqual(h.line(23), " Saved Gracea Hopper.")
      var over = Fixtures.grace
      over.firstName = "Gracea"
      over.revision = elsewhere.revision
      expectEqual(h.friends.calls.last, .update(over))
    }
  }
}
