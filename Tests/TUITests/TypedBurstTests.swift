import Models
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// Keys that arrive at once (a paste without bracketed paste, type-ahead): handled in one
/// pass with one frame, and Ctrl-C acts at once however much is queued before it.
@MainActor @Suite struct TypedBurstTests {
  /// 10,000 characters, the digits 0–9 over and over, ending in "…the end".
  static let burst = String(
    String((0..<9_993).map { Character(String($0 % 10)) }) + "the end")

  /// Starts on the login screen with the email typed and the password field focused, every
  /// login failing, and forgets what the terminal was sent so far. The passwords that logins
  /// were tried with are the fake's `passwordsTried`.
  static func startOnThePasswordField(_ h: Harness) {
    h.auth.logInResponse = { _, _ in [.error(10, ServiceError.wrongCredentials)] }
    h.start()
    h.type("ada@example.com")
    h.press(.tab)
    h.terminal.resetOutput()
  }

  @Test func tenThousandCharactersArrivingAtOnceAreOneEditAndOneFrame() {
    Harness.run { h in
      Self.startOnThePasswordField(h)
      h.terminal.send(Self.burst)
      h.settle()
      expectEqual(h.terminal.writeCount, 1)
      #expect(h.line(10) == "          │  Password  " + String(repeating: "•", count: 43) + "   │")
      h.press(.enter)
      expectEqual(h.auth.passwordsTried, [Self.burst])
    }
  }

  @Test func aBurstInTheEmailFieldShowsItsEndAndKeepsItsStart() {
    Harness.run { h in
      h.start()
      h.terminal.resetOutput()
      h.terminal.send(Self.burst)
      h.settle()
      expectEqual(h.terminal.writeCount, 1)
      expectEqual(
        h.line(9), "          │  Email     789012345678901234567890123456789012the end   │")
      h.press(.home)
      expectEqual(
        h.line(9), "          │  Email     01234567890123456789012345678901234567890123  │")
    }
  }

  @Test func controlCAfterABurstQuitsWithoutHandlingIt() {
    Harness.run { h in
      Self.startOnThePasswordField(h)
      // A password and Enter, queued before Ctrl-C: nothing is sent.
      h.terminal.send(Self.burst + "\r\u{03}")
      h.settle()
      #expect(h.auth.passwordsTried.isEmpty)
      expectEqual(h.quitCount, 1)
      expectEqual(h.app.exitStatus, 130)
      expectEqual(h.terminal.discardCount, 1)
      // The only write gives the terminal back: no frame drew the burst.
      expectEqual(h.terminal.writeCount, 1)
      #expect(!h.terminal.isFullScreen)
    }
  }
}
