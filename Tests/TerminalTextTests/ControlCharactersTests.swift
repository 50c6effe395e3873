import ReactiveTesting
import TerminalText
import Testing

@Suite struct DisplayEscapingTests {
  @Test func controlCharactersAreShownEscaped() {
    expectEqual("Ada\u{1B}[2JX".escapingControlCharacters(), "Ada\\u{1B}[2JX")
    expectEqual("a\tb\nc\rd".escapingControlCharacters(), "a\\tb\\nc\\rd")
    expectEqual(
      "\u{0}\u{7}\u{7F}\u{85}\u{9B}".escapingControlCharacters(),
      "\\u{0}\\u{7}\\u{7F}\\u{85}\\u{9B}")
    expectEqual(
      "abc\u{202E}fed\u{2066}x\u{2069}".escapingControlCharacters(),
      "abc\\u{202E}fed\\u{2066}x\\u{2069}")
  }

  @Test func ordinaryTextIsUnchanged() {
    for text in ["Ada Lovelace", "山田 太郎", "e\u{301}", "👨‍👩‍👧 🇫🇷", "a\\b", ""] {
      expectEqual(text.escapingControlCharacters(), text)
    }
  }
}

@Suite struct TextMeasureTests {
  @Test func textIsMeasuredInTheColumnsATerminalShows() {
    expectEqual("Ada".displayWidth, 3)
    expectEqual("山田".displayWidth, 4)
    expectEqual("e\u{301}".displayWidth, 1)
    expectEqual("👍🏽".displayWidth, 2)
    expectEqual("🇫🇷".displayWidth, 2)
    expectEqual("\u{1B}".displayWidth, 0)
  }
}
