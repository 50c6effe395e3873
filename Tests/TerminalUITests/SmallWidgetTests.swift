import Foundation
import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct SpinnerTests {
  @Test func theFrameFollowsTheTickCount() {
    var spinner = Spinner(label: "Loading…", frames: Spinner.ascii)
    expectEqual(draw(spinner, width: 12).lines, ["| Loading…  "])
    spinner.advance()
    expectEqual(spinner.frame, "/")
    spinner.advance(by: 6)
    #expect(spinner.tick == 7 && spinner.frame == "\\")
    expectEqual(draw(spinner, width: 10).lines, ["\\ Loading…"])
  }

  @Test func dotsAreTheDefault() {
    let spinner = Spinner(tick: 11)
    expectEqual(spinner.frame, "⠙")
    expectEqual(draw(spinner, width: 2).lines, ["⠙ "])
  }

  @Test func labelIsCutToTheRect() {
    expectEqual(
      draw(Spinner(label: "Searching", frames: Spinner.ascii), width: 7).lines, ["| Sear…"])
  }
}

@Suite struct StatusBarTests {
  private let hints = [
    KeyHint("↑↓", "move"), KeyHint("Enter", "open"), KeyHint("Esc", "back"), KeyHint("?", "help"),
    KeyHint("q", "quit"),
  ]

  @Test func hintsAreSpacedAndKeysAreBold() {
    let buffer = draw(StatusBar(hints: hints), width: 50)
    expectEqual(buffer.lines, [" ↑↓ move  Enter open  Esc back  ? help  q quit    "])
    expectEqual(buffer.columns(inRow: 0) { !$0.isReversed }, [])
    expectEqual(
      buffer.columns(inRow: 0) { $0.isBold }, [1, 2, 10, 11, 12, 13, 14, 22, 23, 24, 32, 40])
  }

  @Test func trailingTextSitsAtTheRightWhenItFits() {
    let bar = StatusBar(hints: [KeyHint("q", "quit")], trailing: "3 friends")
    expectEqual(draw(bar, width: 24).lines, [" q quit       3 friends "])
    expectEqual(draw(bar, width: 12).lines, [" q quit     "])
  }

  @Test func theLeastImportantHintsGoFirstAndHelpAndQuitStay() {
    func bar(_ width: Int) -> String {
      draw(StatusBar(hints: hints), width: width).lines[0].replacingOccurrences(
        of: " +$", with: "", options: .regularExpression)
    }
    expectEqual(bar(46), " ↑↓ move  Enter open  Esc back  ? help  q quit")
    expectEqual(bar(45), " ↑↓ move  Enter open  ? help  q quit")
    expectEqual(bar(35), " ↑↓ move  ? help  q quit")
    expectEqual(bar(23), " ? help  q quit")
    expectEqual(bar(10), " ? help  …")
  }

}

@Suite struct BannerTests {
  @Test func bannerFillsItsRowAndCentresTheText() {
    let buffer = draw(Banner("Not logged in", kind: .warning), width: 21)
    expectEqual(buffer.lines, ["    Not logged in    "])
    expectEqual(buffer.columns(inRow: 0) { $0 == Theme.standard.warningBanner }, Array(0..<21))
  }

  @Test func kindsUseTheirStyles() {
    expectEqual(draw(Banner("x", kind: .error), width: 3)[1, 0].style, Theme.standard.errorBanner)
    expectEqual(draw(Banner("x"), width: 3)[1, 0].style, Theme.standard.infoBanner)
  }

  @Test func longTextIsCutInsideTheMargins() {
    expectEqual(
      draw(Banner("A long message", alignment: .leading), width: 10).lines, [" A long … "])
  }
}
