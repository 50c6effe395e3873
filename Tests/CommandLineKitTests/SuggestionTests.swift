import CommandLineKit
import ReactiveTesting
import Testing

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("list", "list", 0), ("lst", "list", 1),
    ("emial", "email", 1), ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "ca", 3),
  ])
  func editDistanceCountsEdits(source: String, target: String, distance: Int) {
    expectEqual(Suggestion.editDistance(source, target), distance)
    expectEqual(Suggestion.editDistance(target, source), distance)
  }

  @Test func closestPicksTheNearestLikelyTypo() {
    let commands = ["login", "logout", "list", "show", "search"]
    expectEqual(Suggestion.closest(to: "lst", among: commands), "list")
    expectEqual(Suggestion.closest(to: "logni", among: commands), "login")
    expectEqual(Suggestion.closest(to: "lgout", among: commands), "logout")
    expectEqual(Suggestion.closest(to: "serch", among: commands), "search")
  }

  @Test func closestRefusesWordsTooFarAway() {
    #expect(Suggestion.closest(to: "xyz", among: ["add", "list"]) == nil)
    #expect(Suggestion.closest(to: "--js", among: ["--json"]) == nil)
    #expect(Suggestion.closest(to: "anything", among: []) == nil)
  }

  @Test func allowanceGrowsWithTheWordButLeadingDashesDoNotCount() {
    // Nine letters allow three edits, but not four.
    expectEqual(Suggestion.closest(to: "abcdefxyz", among: ["abcdefghi"]), "abcdefghi")
    #expect(Suggestion.closest(to: "abcdewxyz", among: ["abcdefghi"]) == nil)
    // Five letters allow one edit; the two dashes do not raise that to two.
    #expect(Suggestion.closest(to: "--abcde", among: ["--abcxy"]) == nil)
    expectEqual(Suggestion.closest(to: "--abcde", among: ["--abcdx"]), "--abcdx")
  }

  @Test func tiesGoToTheFirstCandidateAndExactWordsAreSkipped() {
    expectEqual(Suggestion.closest(to: "cat", among: ["bat", "hat"]), "bat")
    expectEqual(Suggestion.closest(to: "cat", among: ["hat", "bat"]), "hat")
    expectEqual(Suggestion.closest(to: "cat", among: ["cat", "car"]), "car")
  }
}
