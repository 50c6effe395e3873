import Models
import Navigator
import ReactiveTesting
import Testing
import ViewModels

@testable import FriendsTUI

/// The friends list names no other feature: its keys to find a friend and to see the
/// friends' activity lead where the app's links say, and are not offered where none does.
@MainActor @Suite struct FeatureLinksTests {
  @Test func withoutTheFeaturesItLeadsToTheListOffersNoKeyForThemAndSaysWhy() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: [.friends], links: [])
      h.press(.character("f"))
      h.advance(by: 10)
      expectEqual(h.line(23), " ↑↓ move  Enter open  a add  d delete  ? help  q quit")
      h.press(.character("/"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectEqual(h.line(23), " Nothing in this app is for finding a friend.")
      h.press(.character("t"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectEqual(h.line(23), " Nothing in this app is for the friends' activity.")
      h.press(.character("?"))
      let help = h.lines.joined(separator: "\n")
      #expect(help.contains("refresh") && !help.contains("search") && !help.contains("timeline"))
    }
  }

  @Test func theAppsLinksDecideWhereTheKeysLeadAndWhatTheHintsSay() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.timeline.timelineResponse = { _ in [.next(10, []), .completed(10)] }
      h.startLoggedIn(links: [OutwardLink(FriendsOutward.find, to: .show(.timeline))])
      h.advance(by: 10)
      expectEqual(h.line(23), " ↑↓ move  Enter open  a add  d delete  / timeline  ? help  q quit")
      h.press(.character("/"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .timeline])
    }
  }

  @Test func aFriendFoundOpensWhereTheSearchsLinkLeads() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.search.response = { _ in [.next(10, [Fixtures.alan]), .completed(10)] }
      h.friends.recordResponse = { _ in [.next(10, Fixtures.alan), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("/"))
      h.type("Al")
      h.advance(by: 400)
      expectEqual(h.line(5), " › Alan Turing                   555 0103")
      h.press(.enter)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .search, .friendDetail(id: 3)])
    }
  }
}
