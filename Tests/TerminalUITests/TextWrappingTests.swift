import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct TextWrappingTests {
  @Test func wrapsAtSpacesWithinTheWidth() {
    expectEqual(
      "Login failed: the email address or the password is not right.".wrapped(toWidth: 24),
      [
        "Login failed: the email", "address or the password", "is not right.",
      ])
  }

  @Test func keepsLineBreaksCutsLongWordsAndCountsWideCharacters() {
    expectEqual("one\n\ntwo".wrapped(toWidth: 10), ["one", "", "two"])
    // A word longer than a line is broken across lines, every character kept.
    expectEqual(
      "a supercalifragilistic word".wrapped(toWidth: 8),
      [
        "a", "supercal", "ifragili", "stic", "word",
      ])
    expectEqual(
      "see /var/lib/app/store.json now".wrapped(toWidth: 10),
      [
        "see", "/var/lib/a", "pp/store.j", "son now",
      ])
    expectEqual("中文中文".wrapped(toWidth: 3), ["中", "文", "中", "文"])
    expectEqual("中文 中文".wrapped(toWidth: 4), ["中文", "中文"])
    expectEqual("anything".wrapped(toWidth: 0), [])
  }
}
