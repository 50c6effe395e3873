import Models
import Navigator
import ReactiveTesting
import Services
import Testing

@testable import FriendsWeb

/// The demo's pages in a browser tab: the list that follows the data, adding a friend with
/// the form's messages as the user types, a friend's page, deleting after a confirmation,
/// and a link to a friend opened before the login.
@MainActor @Suite struct FriendsPagesTests {
  static let ada = Friend(id: 1, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")
  static let alan = Friend(id: 3, firstName: "Alan", lastName: "Turing", phoneNumber: "555 0103")
  static let tricky = Friend(
    id: 2, firstName: "<b>Bob</b>", lastName: "\"O'Neil\" & co", phoneNumber: "555 0102")

  @Test func theListFollowsTheDataAndEscapesWhatItShows() {
    WebHarness.run { h in
      var records = [Self.ada, Self.tricky]
      h.friends.recordsResponse = { _ in [.next(100, records), .completed(100)] }
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/friends")
      expectEqual(tab.path, "/friends")
      #expect(tab.html.contains("Loading…"))
      h.advance(by: 100)
      #expect(
        tab.html.contains(#"<a href="/friends/1" data-tap="show" data-value="1">Ada Lovelace</a>"#))
      #expect(tab.html.contains("&lt;b&gt;Bob&lt;/b&gt; &quot;O&#39;Neil&quot; &amp; co"))
      #expect(!tab.html.contains("<b>"))

      // Another program adds a friend: the open page shows them without a tap.
      records.append(Self.alan)
      h.friends.changes.accept(())
      h.advance(by: 100)
      #expect(tab.html.contains("Alan Turing"))
    }
  }

  @Test func addingAFriendSaysWhatIsWrongAsTheUserTypesThenSavesAndSelectsThem() {
    WebHarness.run { h in
      var records = [Self.ada]
      h.friends.recordsResponse = { _ in [.next(100, records), .completed(100)] }
      h.friends.addResponse = { draft in
        let friend = Friend(id: 3, draft: draft)
        records.append(friend)
        h.clock.scheduleAt(h.clock.clock + 200) { h.friends.changes.accept(()) }
        return [.next(200, friend), .completed(200)]
      }
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/friends")
      h.advance(by: 100)
      tab.send("add")
      expectEqual(tab.path, "/friends/new")
      expectEqual(tab.frame?.depth, 3)
      tab.type("Alan", into: "firstName")
      tab.type("Turing", into: "lastName")
      tab.type("555 01", into: "phoneNumber")
      tab.send("left", "phoneNumber")
      #expect(tab.html.contains("A phone number needs 7 to 15 digits."))
      #expect(tab.html.contains(#"id="field-phoneNumber" type="tel""#))
      #expect(tab.html.contains(#"aria-invalid="true""#))
      #expect(tab.html.contains(#"data-tap="save" data-value="" aria-disabled="true">Save"#))

      tab.type("555 0103", into: "phoneNumber")
      #expect(!tab.html.contains("A phone number needs"))
      tab.send("save")
      #expect(tab.html.contains("Saving…"))
      h.advance(by: 200)
      // Back on the list, which says whom it added and shows them once reloaded.
      expectEqual(tab.path, "/friends")
      h.advance(by: 300)
      #expect(tab.html.contains("Alan Turing"))
      #expect(tab.html.contains("Added Alan Turing."))
    }
  }

  @Test func aFriendsPageDeletesOnlyAfterTheConfirmation() {
    WebHarness.run { h in
      var records = [Self.ada, Self.alan]
      h.friends.recordsResponse = { _ in [.next(100, records), .completed(100)] }
      h.friends.recordResponse = { id in
        records.first { $0.id == id }.map { [.next(100, $0), .completed(100)] }
          ?? [.error(100, ServiceError.notFound(id: id))]
      }
      h.friends.removeResponse = { id in
        records.removeAll { $0.id == id }
        h.clock.scheduleAt(h.clock.clock + 100) { h.friends.changes.accept(()) }
        return [.completed(100)]
      }
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/friends")
      h.advance(by: 100)
      tab.send("show", "3")
      expectEqual(tab.path, "/friends/3")
      h.advance(by: 100)
      #expect(tab.html.contains("<dd>555 0103</dd>"))
      tab.send("delete")
      #expect(tab.html.contains("Delete Alan Turing? This cannot be undone."))
      tab.send("escape")
      #expect(!tab.html.contains("This cannot be undone."))
      expectEqual(tab.path, "/friends/3")
      tab.send("delete")
      tab.send("confirm-delete")
      h.advance(by: 300)
      expectEqual(records, [Self.ada])
      expectEqual(tab.path, "/friends")
      #expect(tab.html.contains("Removed Alan Turing."))
    }
  }

  @Test func aLinkToAFriendOpenedBeforeTheLoginOpensThemAfterIt() {
    WebHarness.run { h in
      h.friends.recordsResponse = { _ in [.next(100, [Self.ada]), .completed(100)] }
      h.friends.recordResponse = { _ in [.next(100, Self.ada), .completed(100)] }
      h.auth.logInResponse = { _, _ in [.next(300, WebHarness.ada), .completed(300)] }
      h.start()
      let tab = h.open("/friends/1")
      expectEqual(tab.path, "/login")
      tab.send("email", "ada@example.com")
      tab.send("password", "correct horse")
      tab.send("login")
      h.advance(by: 300)
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.settle()
      expectEqual(tab.path, "/friends/1")
      expectEqual(
        h.app.tabs[tab.id]?.navigator.currentStack, [.home, .friends, .friendDetail(id: 1)])
      h.advance(by: 100)
      #expect(tab.html.contains("<h1>Ada Lovelace</h1>"))
      // The breadcrumbs lead back along the stack.
      tab.send("open", "/friends")
      expectEqual(tab.path, "/friends")
      expectEqual(h.app.tabs[tab.id]?.navigator.currentStack, [.home, .friends])
    }
  }
}

/// The form's text across an expired session, and Cancel with changes not saved.
@MainActor @Suite struct FriendFormPageSessionTests {
  @Test func anExpiredSessionKeepsTheFormsTextForTheNextLoginAndCancelAsksFirst() {
    WebHarness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [FriendsPagesTests.ada]), .completed(10)] }
      h.auth.logInResponse = { _, _ in [.next(10, WebHarness.ada), .completed(10)] }
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/friends/new")
      expectEqual(tab.path, "/friends/new")
      tab.type("Alan", into: "firstName")
      tab.type("Tur", into: "lastName")
      h.clock.scheduleAt(h.clock.clock + 100) {
        h.auth.expirations.accept(())
        h.auth.status.accept(.unavailable)
      }
      h.advance(by: 100)
      expectEqual(tab.path, "/login")
      #expect(tab.html.contains("Your session has expired; log in again"))
      #expect(tab.html.contains(#"value="ada@example.com""#))
      tab.send("password", "correct horse")
      tab.send("login")
      h.advance(by: 10)
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.advance(by: 10)
      expectEqual(tab.path, "/friends/new")
      #expect(tab.html.contains(#"value="Alan""#))
      #expect(tab.html.contains(#"value="Tur""#))

      // The text is the form's: Cancel asks before dropping it; Keep editing stays.
      tab.send("cancel")
      #expect(tab.html.contains("Your changes to this friend will be lost."))
      tab.send("keep-editing")
      expectEqual(tab.path, "/friends/new")
      #expect(!tab.html.contains("will be lost"))
      tab.send("escape")
      tab.send("discard")
      expectEqual(tab.path, "/friends")
    }
  }
}
