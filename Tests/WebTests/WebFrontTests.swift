import AppComposition
import Foundation
import HTTPServer
import Navigator
import ReactiveTesting
import Services
import Testing
import WebUI

@testable import FriendsWeb

/// What every app's web front does, whatever its features: only a browser with the key gets
/// in, every answer carries the security headers, the login and the session flow, a tab per
/// browser tab, and tabs that go away.
@MainActor @Suite struct WebFrontTests {
  static func scriptLogin(_ harness: WebHarness) {
    harness.auth.logInResponse = { _, password in
      password == "correct horse"
        ? [.next(300, WebHarness.ada), .completed(300)]
        : [.error(300, ServiceError.wrongCredentials)]
    }
  }

  static func text(_ response: HTTPResponse?) -> String {
    String(decoding: response?.body ?? Data(), as: UTF8.self)
  }

  static func header(_ response: HTTPResponse?, _ name: String) -> String? {
    response?.headers[name]
  }

  @Test func aBrowserWithoutTheKeyIsRefusedAndTheKeyBecomesACookie() {
    WebHarness.run { h in
      h.start()
      let refused = h.response(.get, "/", cookie: nil)
      expectEqual(refused?.status, 403)
      #expect(Self.text(refused).contains("with its key"))
      expectEqual(
        h.response(.get, "/?key=" + String(repeating: "0", count: 64), cookie: nil)?.status, 403)
      expectEqual(h.response(.get, "/", cookie: "app-test=nope")?.status, 403)
      // Another front's cookie on the same host is not this one's.
      expectEqual(h.response(.get, "/", cookie: "app-9999=\(WebHarness.key)")?.status, 403)
      expectEqual(h.app.tabs.count, 0)

      let entry = h.response(.get, "/notes?key=\(WebHarness.key)", cookie: nil)
      expectEqual(entry?.status, 303)
      // The key leaves the address at once; the cookie cannot be read by scripts or sent by
      // another site.
      expectEqual(Self.header(entry, "Location"), "/notes")
      expectEqual(
        Self.header(entry, "Set-Cookie"),
        "app-test=\(WebHarness.key); Path=/; HttpOnly; SameSite=Strict")
      expectEqual(h.response(.get, "/")?.status, 200)
      // Inputs and live connections need the cookie too.
      expectEqual(h.response(.post, "/tabs/tab1/input", cookie: nil, body: "{}")?.status, 403)
      expectEqual(h.response(.get, "/tabs/tab1/events", cookie: nil)?.status, 403)
    }
  }

  @Test func everyPageForbidsInlineScriptAndLoadsOnlyTheFrontsOwnFiles() {
    WebHarness.run { h in
      h.start()
      let page = h.response(.get, "/")
      expectEqual(Self.header(page, "Content-Security-Policy"), WebSecurity.contentSecurityPolicy)
      expectEqual(Self.header(page, "Cache-Control"), "no-store")
      expectEqual(Self.header(page, "X-Frame-Options"), "DENY")
      let markup = Self.text(page)
      expectEqual(markup.components(separatedBy: "<script").count, 2)
      #expect(markup.contains(#"<script src="/assets/app.js" defer></script>"#))
      #expect(!markup.contains("style="))
      #expect(!markup.contains(" on"))
      let script = h.response(.get, "/assets/app.js")
      expectEqual(Self.header(script, "Content-Type"), "text/javascript; charset=utf-8")
      expectEqual(Self.header(script, "Content-Security-Policy"), WebSecurity.contentSecurityPolicy)
      #expect(Self.text(script).contains("EventSource"))
      expectEqual(
        Self.header(h.response(.get, "/assets/app.css"), "Content-Type"), "text/css; charset=utf-8")
    }
  }

  @Test func theFirstPageIsTheSceneItselfSoNothingShiftsWhenTheConnectionOpens() {
    WebHarness.run { h in
      h.start(features: [])
      let tab = h.open("/login")
      #expect(tab.firstPage.contains("<title>Log in · \(AppIdentity.name)</title>"))
      #expect(tab.firstPage.contains(#"<div id="app" data-tab="tab1">"#))
      // The page is served with its scene, and the first frame fills in what the view model
      // says once it runs (the hint), in place.
      #expect(tab.firstPage.contains(#"<h1>Log in</h1><form method="POST" data-submit="login""#))
      #expect(tab.html.hasPrefix(#"<header class="bar">"#))
      expectEqual(tab.path, "/login")
      expectEqual(tab.connection.frames.count, 1)
    }
  }

  @Test func theLoginStoryPlaysOutInTheTabAndALinkOpensItsPageAfterTheLogin() {
    WebHarness.run { h in
      Self.scriptLogin(h)
      h.start(features: [])
      let tab = h.open("/")
      expectEqual(tab.path, "/login")
      #expect(tab.html.contains("Enter an email address."))
      #expect(tab.html.contains(#"data-tap="login" data-value="" aria-disabled="true">Log in"#))

      tab.type("ada@example.com", into: "email")
      tab.type("short", into: "password")
      #expect(tab.html.contains("The password needs at least 8 characters."))
      tab.send("password", "wrong password")
      #expect(tab.html.contains(#"data-tap="login" data-value="" aria-disabled="false">Log in"#))

      // A tap at 100 ms: the button disables and the page says it is busy until the answer.
      h.advance(by: 100 - h.clock.clock)
      tab.send("login")
      #expect(tab.html.contains(#"aria-busy="true""#))
      #expect(tab.html.contains("Logging in…"))
      h.advance(by: 299)
      #expect(tab.html.contains("Logging in…"))
      h.advance(by: 1)
      #expect(tab.html.contains("Login failed"))
      #expect(tab.html.contains(#"aria-busy="false""#))

      tab.send("password", "correct horse")
      tab.send("login")
      h.advance(by: 300)
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.settle()
      expectEqual(tab.path, "/")
      expectEqual(tab.frame?.title, "Home · \(AppIdentity.name)")
      #expect(tab.html.contains("Logged in as Ada."))
      #expect(tab.html.contains(#"<button type="button" data-tap="logout">Log out</button>"#))
      #expect(!tab.html.contains("password"))
    }
  }

  @Test func anAddressWithNoPageOpensTheHomeAndSaysSo() {
    WebHarness.run { h in
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start(features: [])
      let tab = h.open("/nothing/here")
      expectEqual(tab.path, "/")
      #expect(tab.html.contains("There is no page at /nothing/here; here is the home."))
      let home = h.open("/")
      #expect(!home.html.contains("There is no page"))
    }
  }

  @Test func aSecondTabHasItsOwnPageAndTheSameSession() {
    WebHarness.run { h in
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start(features: [])
      let first = h.open("/")
      let second = h.open("/")
      expectEqual(first.path, "/")
      expectEqual(second.path, "/")
      // Logging out in one tab logs out the account: both tabs go back to the login.
      h.auth.logOutResponse = { [.completed(10)] }
      first.send("logout")
      h.advance(by: 10)
      h.auth.status.accept(.unavailable)
      h.settle()
      expectEqual(first.path, "/login")
      expectEqual(second.path, "/login")
      #expect(first.html.contains("Logged out."))
      #expect(!second.html.contains("Logged out."))
    }
  }

  @Test func aTabWithoutALiveConnectionGoesAfterAMinuteUnlessThePageConnectsAgain() {
    WebHarness.run { h in
      h.start(features: [])
      let tab = h.open("/login")
      let webTab = h.app.tabs[tab.id]!
      h.app.connectionEnded(tab.connection, tab: tab.id)
      h.advance(by: 30_000)
      let again = RecordingConnection()
      webTab.attach(again)
      h.settle()
      expectEqual(again.frames.count, 1)
      h.advance(by: 60_000)
      #expect(h.app.tabs[tab.id] != nil)
      h.app.connectionEnded(again, tab: tab.id)
      h.advance(by: 59_999)
      #expect(h.app.tabs[tab.id] != nil)
      h.advance(by: 1)
      #expect(h.app.tabs[tab.id] == nil)
      // The page's next input finds the tab gone, and the script reloads the page.
      expectEqual(tab.send("email", "a").responseStatus, 404)
    }
  }

  @Test func aPageOpenedNeverConnectedStillGoesAndTheTabsAreBounded() {
    WebHarness.run { h in
      h.start(features: [])
      _ = h.response(.get, "/login")
      #expect(h.app.tabs["tab1"] != nil)
      h.advance(by: 60_000)
      #expect(h.app.tabs["tab1"] == nil)
      var live: [BrowserTab] = []
      for _ in 0..<WebApplication.maximumTabs { live.append(h.open("/login")) }
      expectEqual(h.response(.get, "/login")?.status, 503)
      // A tab whose connection ended makes room for the next.
      h.app.connectionEnded(live[5].connection, tab: live[5].id)
      expectEqual(h.response(.get, "/login")?.status, 200)
      #expect(h.app.tabs[live[5].id] == nil)
      expectEqual(h.app.tabs.count, WebApplication.maximumTabs)
    }
  }

  @Test func aMalformedInputIsRefusedAndChangesNothing() {
    WebHarness.run { h in
      h.start(features: [])
      let tab = h.open("/login")
      let before = tab.connection.frames.count
      expectEqual(h.response(.post, "/tabs/tab1/input", body: #"{"name": 3}"#)?.status, 400)
      expectEqual(h.response(.post, "/tabs/tab1/input", body: "not json")?.status, 400)
      expectEqual(h.response(.delete, "/tabs/tab1/input")?.status, 405)
      expectEqual(h.response(.post, "/login")?.status, 405)
      expectEqual(tab.connection.frames.count, before)
      // A control the page no longer has is said, not acted on.
      tab.send("nothing-here", "x")
      #expect(tab.html.contains("That control is no longer on the page."))
    }
  }

  @Test func textFromTheUserIsEscapedWhereverThePageShowsIt() {
    WebHarness.run { h in
      h.start(features: [])
      let tab = h.open("/login")
      tab.send("email", #"<img src=x onerror="alert(1)">"#)
      // Each frame says which of the page's inputs it has seen.
      expectEqual(tab.frame?.applied, 1)
      tab.send("forgot")
      expectEqual(tab.frame?.applied, 2)
      expectEqual(tab.path, "/forgot-password")
      #expect(tab.html.contains(#"value="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;""#))
      #expect(!tab.html.contains("<img"))
    }
  }

  @Test func escapeAndTheBrowsersBackGoBackAlongTheStack() {
    WebHarness.run { h in
      h.start(features: [])
      let tab = h.open("/login")
      tab.send("forgot")
      expectEqual(tab.path, "/forgot-password")
      expectEqual(tab.frame?.depth, 2)
      tab.send("escape")
      expectEqual(tab.path, "/login")
      expectEqual(tab.frame?.depth, 1)
      // Escape on the first page stays there.
      tab.send("escape")
      expectEqual(tab.path, "/login")
      tab.send("forgot")
      // The browser's back sends the address it went back to.
      tab.send("location", "/login")
      expectEqual(tab.path, "/login")
      expectEqual(h.app.tabs[tab.id]?.navigator.currentStack, [.login])
    }
  }
}

extension HTTPReply {
  /// The status of a plain response, or `nil`.
  var responseStatus: Int? {
    if case .response(let response) = self { response.status } else { nil }
  }
}
