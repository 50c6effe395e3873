import Foundation
import ReactiveTesting
import Testing

@testable import Models

@Suite struct ReadingOrderTests {
  func sorted(_ names: [String]) -> [String] {
    names.sorted(by: ReadingOrder.areInIncreasingOrder)
  }

  @Test func numbersSortByTheirValue() {
    expectEqual(sorted(["PA10", "PA2", "PA11", "PA1"]), ["PA1", "PA2", "PA10", "PA11"])
    expectEqual(sorted(["item 100", "item 9", "item 10"]), ["item 9", "item 10", "item 100"])
    expectEqual(sorted(["Flat 3b", "Flat 12a", "Flat 3a"]), ["Flat 3a", "Flat 3b", "Flat 12a"])
    // Leading zeros do not change a number's value; the exact text breaks the tie.
    expectEqual(sorted(["PA2", "PA01", "PA1"]), ["PA01", "PA1", "PA2"])
  }

  @Test func caseAndAccentsDoNotDecideTheOrder() {
    expectEqual(sorted(["bob", "Adam", "alice", "Bea"]), ["Adam", "alice", "Bea", "bob"])
    expectEqual(sorted(["Eve", "Émile", "Ezra", "Ella"]), ["Ella", "Émile", "Eve", "Ezra"])
    expectEqual(sorted(["Ｂ", "c", "a"]), ["a", "Ｂ", "c"])
    // Names that read the same still have one order: the exact text's.
    expectEqual(sorted(["zoe", "Zoë", "Zoe"]), ["Zoe", "Zoë", "zoe"])
  }

  @Test func lettersOfOtherAlphabetsFollowTheLanguage() {
    expectEqual(sorted(["Zed", "Øystein", "Oscar", "Pia"]), ["Oscar", "Øystein", "Pia", "Zed"])
    expectEqual(sorted(["Ådne", "Anna", "Abe"]), ["Abe", "Ådne", "Anna"])
  }

  @Test func spaceComesBeforeDigitsAndDigitsBeforeLetters() {
    expectEqual(sorted(["Ann Lee", "Anna", "Ann", "Ann 2"]), ["Ann", "Ann 2", "Ann Lee", "Anna"])
  }

  /// The fast comparison of plain names gives Foundation's order, on names made to find where
  /// they could differ: runs of digits (with zeros), case, spaces, prefixes.
  @Test func thePlainComparisonAgreesWithFoundation() {
    var generator = SplitMix(seed: 36)
    let alphabet = Array("aAbBzZ019 0")
    for _ in 0..<5_000 {
      let a = String(
        (0..<Int(generator.next() % 7)).map { _ in alphabet[Int(generator.next() % 11)] })
      let b = String(
        (0..<Int(generator.next() % 7)).map { _ in alphabet[Int(generator.next() % 11)] })
      let foundation = a.compare(
        b, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive, .numeric],
        range: nil, locale: ReadingOrder.locale)
      expectEqual(ReadingOrder.plainCompare(a, b), foundation, "\(a) and \(b)")
    }
  }

  @Test func textBeyondPlainNamesGoesThroughFoundation() {
    #expect(ReadingOrder.plainCompare("Émile", "Eve") == nil)
    #expect(ReadingOrder.plainCompare("O'Brien", "Obi") == nil)
    expectEqual(ReadingOrder.compare("O'Brien", "O'brien"), .orderedSame)
  }
}

/// A small deterministic generator, so that a failure repeats.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
