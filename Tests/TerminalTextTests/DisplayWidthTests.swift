import ReactiveTesting
import TerminalText
import Testing

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("中", 2), ("あ", 2), ("한", 2), ("Ａ", 2), ("😀", 2), ("🇫🇷", 2),
    ("👨‍👩‍👧", 2), ("❤️", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\t", 0),
    ("•", 1), ("…", 1), ("─", 1),
  ])
  func graphemeWidths(text: String, width: Int) {
    expectEqual(Character(text).displayWidth, width)
  }

  @Test func stringWidthSumsGraphemes() {
    expectEqual("abc".displayWidth, 3)
    expectEqual("中文ab".displayWidth, 6)
    expectEqual("cafe\u{301}".displayWidth, 4)
    expectEqual("😀!".displayWidth, 3)
  }

  @Test func truncationAddsAnEllipsisOnlyWhenCutting() {
    expectEqual("Hello".truncated(toWidth: 5), "Hello")
    expectEqual("Hello".truncated(toWidth: 4), "Hel…")
    expectEqual("Hello".truncated(toWidth: 1), "…")
    expectEqual("Hello".truncated(toWidth: 0), "")
  }

  @Test func truncationNeverSplitsAWideGrapheme() {
    expectEqual("中文字".truncated(toWidth: 4), "中…")
    expectEqual("中文字".truncated(toWidth: 5), "中文…")
    expectEqual("cafe\u{301}s".truncated(toWidth: 5), "cafe\u{301}s")
    expectEqual("cafe\u{301}s".truncated(toWidth: 4), "caf…")
  }
}
