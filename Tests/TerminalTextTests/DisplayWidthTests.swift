import TerminalText
import Testing

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("中", 2), ("あ", 2), ("한", 2), ("Ａ", 2), ("😀", 2), ("🇫🇷", 2),
    ("👨‍👩‍👧", 2), ("❤️", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\t", 0),
    ("•", 1), ("…", 1), ("─", 1),
  ])
  func graphemeWidths(text: String, width: Int) {
    #expect(Character(text).displayWidth == width)
  }

  @Test func stringWidthSumsGraphemes() {
    #expect("abc".displayWidth == 3)
    #expect("中文ab".displayWidth == 6)
    #expect("cafe\u{301}".displayWidth == 4)
    #expect("😀!".displayWidth == 3)
  }

  @Test func truncationAddsAnEllipsisOnlyWhenCutting() {
    #expect("Hello".truncated(toWidth: 5) == "Hello")
    #expect("Hello".truncated(toWidth: 4) == "Hel…")
    #expect("Hello".truncated(toWidth: 1) == "…")
    #expect("Hello".truncated(toWidth: 0) == "")
  }

  @Test func truncationNeverSplitsAWideGrapheme() {
    #expect("中文字".truncated(toWidth: 4) == "中…")
    #expect("中文字".truncated(toWidth: 5) == "中文…")
    #expect("cafe\u{301}s".truncated(toWidth: 5) == "cafe\u{301}s")
    #expect("cafe\u{301}s".truncated(toWidth: 4) == "caf…")
  }
}
