import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct TerminalCapabilitiesTests {
  @Test(arguments: ["xterm-256color", "screen", "tmux-256color", "linux", "vt100", "xterm"])
  func ordinaryTerminalsAreAccepted(term: String) {
    #expect(TerminalCapabilities.canAddressCursor(term: term))
    #expect(TerminalCapabilities.refusal(environment: ["TERM": term], alternative: "x") == nil)
  }

  @Test func terminalsThatCannotMoveTheCursorAreRefusedWithTheAlternative() {
    #expect(
      TerminalCapabilities.refusal(environment: ["TERM": "dumb"], alternative: "friends")
        == "this terminal (TERM=dumb) cannot move the cursor, which a full-screen program "
        + "needs. Use 'friends' instead: it works in any terminal and in scripts.")
    expectEqual(
      TerminalCapabilities.refusal(environment: [:], alternative: "friends")?
        .hasPrefix("this terminal (TERM is not set)"), true)
    expectEqual(
      TerminalCapabilities.refusal(environment: ["TERM": ""], alternative: "friends")?
        .hasPrefix("this terminal (TERM is empty)"), true)
    #expect(!TerminalCapabilities.canAddressCursor(term: "unknown"))
    #expect(!TerminalCapabilities.canAddressCursor(term: "DUMB"))
  }
}
