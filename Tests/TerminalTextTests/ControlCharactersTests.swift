import TerminalText
import Testing

@Suite struct DisplayEscapingTests {
  @Test func controlCharactersAreShownEscaped() {
    #expect("Ada\u{1B}[2JX".escapingControlCharacters() == "Ada\\u{1B}[2JX")
    #expect("a\tb\nc\rd".escapingControlCharacters() == "a\\tb\\nc\\rd")
    #expect(
      "\u{0}\u{7}\u{7F}\u{85}\u{9B}".escapingControlCharacters()
        == "\\u{0}\\u{7}\\u{7F}\\u{85}\\u{9B}")
    #expect(
      "abc\u{202E}fed\u{2066}x\u{2069}".escapingControlCharacters()
        == "abc\\u{202E}fed\\u{2066}x\\u{2069}")
  }

  @Test func ordinaryTextIsUnchanged() {
    for text in ["Ada Lovelace", "山田 太郎", "e\u{301}", "👨‍👩‍👧 🇫🇷", "a\\b", ""] {
      #expect(text.escapingControlCharacters() == text)
    }
  }
}

@Suite struct TextMeasureTests {
  @Test func textIsMeasuredInTheColumnsATerminalShows() {
    #expect("Ada".displayWidth == 3)
    #expect("山田".displayWidth == 4)
    #expect("e\u{301}".displayWidth == 1)
    #expect("👍🏽".displayWidth == 2)
    #expect("🇫🇷".displayWidth == 2)
    #expect("\u{1B}".displayWidth == 0)
  }
}
