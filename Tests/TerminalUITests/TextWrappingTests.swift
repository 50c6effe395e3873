import Testing

@testable import TerminalUI

@Suite struct TextWrappingTests {
  @Test func wrapsAtSpacesWithinTheWidth() {
    #expect(
      "Login failed: the email address or the password is not right.".wrapped(toWidth: 24) == [
        "Login failed: the email", "address or the password", "is not right.",
      ])
  }

  @Test func keepsLineBreaksCutsLongWordsAndCountsWideCharacters() {
    #expect("one\n\ntwo".wrapped(toWidth: 10) == ["one", "", "two"])
    #expect("a supercalifragilistic word".wrapped(toWidth: 8) == ["a", "superca…", "word"])
    #expect("中文 中文".wrapped(toWidth: 4) == ["中文", "中文"])
    #expect("anything".wrapped(toWidth: 0) == [])
  }
}
