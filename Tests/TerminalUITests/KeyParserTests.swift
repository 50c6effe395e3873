import Testing

@testable import TerminalUI

@Suite struct KeyParserTests {
  private func keys(_ bytes: [UInt8]) -> [Key] {
    var parser = KeyParser()
    return parser.parse(bytes) + parser.flush()
  }

  private func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete),
    ("\u{1B}[Z", .backTab), ("\t", .tab), ("\r", .enter), ("\n", .enter),
    ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\u{1B}", .escape),
    ("\u{01}", .control("a")), ("\u{03}", .control("c")), ("\u{15}", .control("u")),
    ("\u{1A}", .control("z")), ("\u{1B}[1;5A", .up), ("q", .character("q")),
    ("?", .character("?")), (" ", .character(" ")),
  ])
  func recognisesEachKey(sequence: String, key: Key) {
    #expect(keys(sequence) == [key])
  }

  @Test func printableUTF8BecomesCharacters() {
    #expect(keys("aé中😀") == [.character("a"), .character("é"), .character("中"), .character("😀")])
  }

  @Test func combiningSequencesArriveAsOneGrapheme() {
    #expect(keys("e\u{301}👍🏽") == [.character("e\u{301}"), .character("👍🏽")])
  }

  @Test func sequencesMayBeSplitAcrossReadsAnywhere() {
    let stream = Array("a\u{1B}[5~é\u{1B}OB中\u{1B}[200~hi\u{1B}[201~\u{1B}[3~".utf8)
    let expected: [Key] = [
      .character("a"), .pageUp, .character("é"), .down, .character("中"), .paste("hi"), .delete,
    ]
    for split in 1..<stream.count {
      var parser = KeyParser()
      let parsed = parser.parse(stream[..<split]) + parser.parse(stream[split...])
      #expect(parsed == expected, "split at \(split)")
      #expect(!parser.hasPendingInput)
    }
    var parser = KeyParser()
    #expect(stream.flatMap { parser.parse([$0]) } == expected)
  }

  @Test func aLoneEscapeWaitsForFlush() {
    var parser = KeyParser()
    #expect(parser.parse([0x1B]) == [])
    #expect(parser.hasPendingInput)
    #expect(parser.flush() == [.escape])
    #expect(!parser.hasPendingInput)
    #expect(parser.flush() == [])
  }

  @Test func escapeFollowedByAnOrdinaryByteIsEscThenThatKey() {
    #expect(keys("\u{1B}x") == [.escape, .character("x")])
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func bracketedPasteIsOneEventWithNormalisedLineBreaks() {
    #expect(
      keys("\u{1B}[200~line 1\r\nline 2\rend\u{1B}[201~x") == [
        .paste("line 1\nline 2\nend"), .character("x"),
      ])
    #expect(keys("\u{1B}[200~\u{1B}[A\u{03}\u{1B}[201~") == [.paste("\u{1B}[A\u{03}")])
  }

  @Test func anUnfinishedPasteSurvivesFlush() {
    var parser = KeyParser()
    #expect(parser.parse(Array("\u{1B}[200~abc".utf8)) == [])
    #expect(parser.flush() == [])
    #expect(parser.parse(Array("def\u{1B}[201~".utf8)) == [.paste("abcdef")])
  }

  @Test func unknownSequencesAreReportedWithTheirBytes() {
    #expect(keys("\u{1B}[99~") == [.unknown(Array("\u{1B}[99~".utf8))])
    #expect(keys("\u{1B}[<0;3;4M") == [.unknown(Array("\u{1B}[<0;3;4M".utf8))])
    #expect(keys("\u{1B}OP") == [.unknown(Array("\u{1B}OP".utf8))])
    #expect(keys([0x00, 0x1C]) == [.unknown([0x00]), .unknown([0x1C])])
  }

  @Test func malformedSequencesDoNotSwallowWhatFollows() {
    #expect(
      keys("\u{1B}[12\u{03}a") == [
        .unknown(Array("\u{1B}[12".utf8)), .control("c"), .character("a"),
      ])
    let long = "\u{1B}[" + String(repeating: "1", count: 40) + "~"
    let parsed = keys(long)
    #expect(parsed.first == .unknown(Array(long.utf8.prefix(KeyParser.maximumSequenceLength + 1))))
    #expect(!parsed.contains(.escape))
  }

  @Test func unfinishedSequencesAreResolvedByFlush() {
    var parser = KeyParser()
    #expect(parser.parse(Array("\u{1B}[1".utf8)) == [])
    #expect(parser.flush() == [.unknown(Array("\u{1B}[1".utf8))])
    #expect(parser.parse(Array("\u{1B}O".utf8)) == [])
    #expect(parser.flush() == [.unknown(Array("\u{1B}O".utf8))])
  }

  @Test func invalidUTF8IsDropped() {
    #expect(keys([0xFF, 0x61, 0x80, 0xC3]) == [.character("a")])
    #expect(keys([0xC3, 0x28]) == [.character("(")])
    #expect(keys([0xE2, 0x82, 0x41]) == [.character("A")])
    #expect(keys([0xED, 0xA0, 0x80, 0x62]) == [.character("b")])  // a surrogate
    #expect(keys([0xC0, 0xAF, 0x63]) == [.character("c")])  // overlong
    #expect(keys([0xC2, 0x85]) == [])  // a C1 control
  }

  @Test func garbageNeverCrashes() {
    var random = SplitMix(seed: 7)
    var parser = KeyParser()
    for _ in 0..<2000 {
      let chunk = (0..<random.next(below: 12)).map { _ in UInt8(random.next(below: 256)) }
      _ = parser.parse(chunk)
      if random.next(below: 4) == 0 { _ = parser.flush() }
    }
    _ = parser.parse(Array("\u{1B}[201~".utf8))
    _ = parser.flush()
    #expect(parser.parse(Array("ok".utf8)) == [.character("o"), .character("k")])
  }
}
