import ReactiveTesting
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
    ("\u{1A}", .control("z")), ("\u{1B}[1;5A", .ctrl(.up)), ("q", .character("q")),
    ("\u{1B}[1;5D", .ctrl(.left)), ("\u{1B}[1;5C", .ctrl(.right)), ("\u{1B}Od", .ctrl(.left)),
    ("\u{1B}Oc", .ctrl(.right)), ("\u{1B}[1;3D", .alt(.left)),
    ("\u{1B}[1;2A", .modified(.up, .shift)),
    ("\u{1B}[3;5~", .ctrl(.delete)), ("\u{1B}[1;7C", .modified(.right, [.alt, .control])),
    ("?", .character("?")), (" ", .character(" ")),
  ])
  func recognisesEachKey(sequence: String, key: Key) {
    expectEqual(keys(sequence), [key])
  }

  /// Both spellings of F1–F4 (`ESC O P`, `ESC [11~`), and F5–F12 (`ESC [15~`…`ESC [24~`).
  static let functionKeys: [(String, Key)] =
    ["P", "Q", "R", "S"].enumerated().map { ("\u{1B}O\($1)", .function($0 + 1)) }
    + [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].enumerated().map {
      ("\u{1B}[\($1)~", .function($0 + 1))
    }

  @Test func functionKeysAreRecognisedWhereverTheReadsSplitThem() {
    expectEqual(Self.functionKeys.count, 16)
    for (sequence, key) in Self.functionKeys {
      let bytes = Array(sequence.utf8)
      expectEqual(keys(bytes), [key], "\(key)")
      for split in 1..<bytes.count {
        var parser = KeyParser()
        let first = parser.parse(bytes[..<split])
        let second = parser.parse(bytes[split...])
        #expect(first + second + parser.flush() == [key], "\(key) split at \(split)")
      }
    }
    expectEqual(keys("\u{1B}[1;2P"), [.modified(.function(1), .shift)])
    expectEqual(keys("\u{1B}[24;5~"), [.ctrl(.function(12))])
    expectEqual(keys("\u{1B}[16~"), [.unknown(Array("\u{1B}[16~".utf8))])
  }

  @Test func printableUTF8BecomesCharacters() {
    expectEqual(keys("aé中😀"), [.character("a"), .character("é"), .character("中"), .character("😀")])
  }

  @Test func combiningSequencesArriveAsOneGrapheme() {
    expectEqual(keys("e\u{301}👍🏽"), [.character("e\u{301}"), .character("👍🏽")])
  }

  @Test func sequencesMayBeSplitAcrossReadsAnywhere() {
    let stream = Array("a\u{1B}[5~é\u{1B}OB中\u{1B}[200~hi\u{1B}[201~\u{1B}[3~".utf8)
    let expected: [Key] = [
      .character("a"), .pageUp, .character("é"), .down, .character("中"), .paste("hi"), .delete,
    ]
    for split in 1..<stream.count {
      var parser = KeyParser()
      let parsed = parser.parse(stream[..<split]) + parser.parse(stream[split...])
      expectEqual(parsed, expected, "split at \(split)")
      #expect(!parser.hasPendingInput)
    }
    var parser = KeyParser()
    expectEqual(stream.flatMap { parser.parse([$0]) }, expected)
  }

  @Test func aLoneEscapeWaitsForFlush() {
    var parser = KeyParser()
    expectEqual(parser.parse([0x1B]), [])
    #expect(parser.hasPendingInput)
    expectEqual(parser.flush(), [.escape])
    #expect(!parser.hasPendingInput)
    expectEqual(parser.flush(), [])
  }

  @Test func escapeFollowedByAKeyIsThatKeyWithAlt() {
    expectEqual(keys("\u{1B}d"), [.alt(.character("d"))])
    expectEqual(
      keys("\u{1B}b\u{1B}f\u{1B}q"),
      [
        .alt(.character("b")), .alt(.character("f")), .alt(.character("q")),
      ])
    expectEqual(keys("\u{1B}\u{7F}"), [.alt(.backspace)])
    expectEqual(keys("\u{1B}\r"), [.alt(.enter)])
    expectEqual(keys("\u{1B}\u{04}"), [.alt(.control("d"))])
    expectEqual(keys("\u{1B}é"), [.alt(.character("é"))])
    expectEqual(keys("\u{1B}["), [.alt(.character("["))])
    expectEqual(keys("\u{1B}\u{1B}"), [.escape, .escape])
    expectEqual(keys("\u{1B}\u{1B}[A"), [.escape, .up])
    expectEqual(Key.alt(.character("d")).description, "Alt-d")
  }

  @Test func anAltKeyMayArriveInTheReadAfterItsEscape() {
    var parser = KeyParser()
    expectEqual(parser.parse([0x1B]), [])
    #expect(parser.isWaitingForSequence)
    expectEqual(parser.parse(Array("d".utf8)), [.alt(.character("d"))])
    #expect(!parser.hasPendingInput)
    // After the timeout (the caller's flush) the ESC is Esc, and what follows is plain.
    expectEqual(parser.parse([0x1B]), [])
    expectEqual(parser.flush(), [.escape])
    #expect(parser.parse(Array("d".utf8)) + parser.flush() == [.character("d")])
  }

  @Test(arguments: ["e\u{301}", "👍🏽", "👨‍👩‍👧", "🇫🇷", "中", "é"])
  func aCharacterIsOneKeyWhereverTheReadsSplitIt(text: String) {
    let bytes = Array(text.utf8)
    for split in 0...bytes.count {
      var parser = KeyParser()
      let first = parser.parse(bytes[..<split])
      let second = parser.parse(bytes[split...])
      #expect(first + second + parser.flush() == [.character(Character(text))], "split at \(split)")
      #expect(!parser.hasPendingInput)
    }
    // One byte per read, then with text before and after.
    var parser = KeyParser()
    let stream = Array(("a" + text + "b" + text + "\r").utf8)
    let keys = stream.flatMap { parser.parse([$0]) }
    expectEqual(
      keys,
      [
        .character("a"), .character(Character(text)), .character("b"),
        .character(Character(text)), .enter,
      ])
  }

  @Test func aHeldCharacterIsNotASequence() {
    var parser = KeyParser()
    expectEqual(parser.parse(Array("ab".utf8)), [.character("a")])
    #expect(parser.hasPendingInput && !parser.isWaitingForSequence)
    expectEqual(parser.parse(Array("\u{301}".utf8)), [])
    expectEqual(parser.flush(), [.character("b\u{301}")])
    expectEqual(parser.parse([0xF0, 0x9F]), [])
    #expect(parser.isWaitingForSequence)
  }

  @Test func sgrMouseReportsBecomeMouseEvents() {
    expectEqual(keys("\u{1B}[<0;3;4M"), [.mouse(MouseEvent(.press(.left), x: 2, y: 3))])
    expectEqual(keys("\u{1B}[<0;3;4m"), [.mouse(MouseEvent(.release(.left), x: 2, y: 3))])
    expectEqual(keys("\u{1B}[<2;1;1M"), [.mouse(MouseEvent(.press(.right), x: 0, y: 0))])
    expectEqual(keys("\u{1B}[<1;10;20M"), [.mouse(MouseEvent(.press(.middle), x: 9, y: 19))])
    expectEqual(keys("\u{1B}[<32;5;6M"), [.mouse(MouseEvent(.drag(.left), x: 4, y: 5))])
    expectEqual(keys("\u{1B}[<35;5;6M"), [.mouse(MouseEvent(.move, x: 4, y: 5))])
    expectEqual(keys("\u{1B}[<64;7;8M"), [.mouse(MouseEvent(.scrollUp, x: 6, y: 7))])
    expectEqual(keys("\u{1B}[<65;7;8M"), [.mouse(MouseEvent(.scrollDown, x: 6, y: 7))])
    expectEqual(keys("\u{1B}[<66;7;8M"), [.mouse(MouseEvent(.scrollLeft, x: 6, y: 7))])
    expectEqual(keys("\u{1B}[<67;7;8M"), [.mouse(MouseEvent(.scrollRight, x: 6, y: 7))])
    expectEqual(
      keys("\u{1B}[<20;300;200M"),
      [
        .mouse(MouseEvent(.press(.left), x: 299, y: 199, modifiers: [.shift, .control]))
      ])
    expectEqual(
      keys("\u{1B}[<8;1;1M"), [.mouse(MouseEvent(.press(.left), x: 0, y: 0, modifiers: .alt))])
    // Malformed reports are unknown, and never a key or a crash.
    for bad in ["\u{1B}[<0;0;4M", "\u{1B}[<0;3M", "\u{1B}[<3;1;1M", "\u{1B}[<0;1;1q"] {
      expectEqual(keys(bad), [.unknown(Array(bad.utf8))], "\(bad.debugDescription)")
    }
    let report = Array("\u{1B}[<64;12;3M\u{1B}[<0;12;3M\u{1B}[<0;12;3m".utf8)
    let expected: [Key] = [
      .mouse(MouseEvent(.scrollUp, x: 11, y: 2)), .mouse(MouseEvent(.press(.left), x: 11, y: 2)),
      .mouse(MouseEvent(.release(.left), x: 11, y: 2)),
    ]
    for split in 1..<report.count {
      var parser = KeyParser()
      #expect(parser.parse(report[..<split]) + parser.parse(report[split...]) == expected)
    }
  }

  @Test func aLongPasteArrivingInSmallReadsIsOnePaste() {
    // Almost an end marker, three bytes before a read ends, and never a whole one.
    let content = String(repeating: "0123456789abcdef", count: 1 << 14) + "\u{1B}[201x~"
    let stream = Array(("\u{1B}[200~" + content + "\u{1B}[201~").utf8)
    var parser = KeyParser()
    var keys: [Key] = []
    var index = 0
    while index < stream.count {
      let end = min(stream.count, index + 1000)
      keys += parser.parse(stream[index..<end])
      index = end
    }
    expectEqual(keys.count, 1)
    expectEqual(keys.first, .paste(content), "the paste differs")
    // The end marker split at every point is still found.
    let marker = Array("\u{1B}[200~abc\u{1B}[201~".utf8)
    for split in 1..<marker.count {
      var parser = KeyParser()
      _ = parser.parse(marker[..<split])
      expectEqual(parser.parse(marker[split...]), [.paste("abc")], "split at \(split)")
    }
  }

  @Test func bracketedPasteIsOneEventWithNormalisedLineBreaks() {
    expectEqual(
      keys("\u{1B}[200~line 1\r\nline 2\rend\u{1B}[201~x"),
      [
        .paste("line 1\nline 2\nend"), .character("x"),
      ])
    expectEqual(keys("\u{1B}[200~\u{1B}[A\u{03}\u{1B}[201~"), [.paste("\u{1B}[A\u{03}")])
  }

  @Test func anUnfinishedPasteSurvivesFlush() {
    var parser = KeyParser()
    expectEqual(parser.parse(Array("\u{1B}[200~abc".utf8)), [])
    expectEqual(parser.flush(), [])
    expectEqual(parser.parse(Array("def\u{1B}[201~".utf8)), [.paste("abcdef")])
  }

  @Test func unknownSequencesAreReportedWithTheirBytes() {
    expectEqual(keys("\u{1B}[99~"), [.unknown(Array("\u{1B}[99~".utf8))])
    expectEqual(keys("\u{1B}OX"), [.unknown(Array("\u{1B}OX".utf8))])
    expectEqual(keys([0x00, 0x1C]), [.unknown([0x00]), .unknown([0x1C])])
  }

  @Test func malformedSequencesDoNotSwallowWhatFollows() {
    expectEqual(
      keys("\u{1B}[12\u{03}a"),
      [
        .unknown(Array("\u{1B}[12".utf8)), .control("c"), .character("a"),
      ])
    let long = "\u{1B}[" + String(repeating: "1", count: 40) + "~"
    let parsed = keys(long)
    expectEqual(
      parsed.first, .unknown(Array(long.utf8.prefix(KeyParser.maximumSequenceLength + 1))))
    #expect(!parsed.contains(.escape))
  }

  @Test func unfinishedSequencesAreResolvedByFlush() {
    var parser = KeyParser()
    expectEqual(parser.parse(Array("\u{1B}[1".utf8)), [])
    expectEqual(parser.flush(), [.unknown(Array("\u{1B}[1".utf8))])
    // ESC O and ESC [ with nothing after them are Alt-O and Alt-[.
    expectEqual(parser.parse(Array("\u{1B}O".utf8)), [])
    expectEqual(parser.flush(), [.alt(.character("O"))])
    expectEqual(parser.parse(Array("\u{1B}OX".utf8)), [.unknown(Array("\u{1B}OX".utf8))])
  }

  @Test func invalidUTF8IsDropped() {
    expectEqual(keys([0xFF, 0x61, 0x80, 0xC3]), [.character("a")])
    expectEqual(keys([0xC3, 0x28]), [.character("(")])
    expectEqual(keys([0xE2, 0x82, 0x41]), [.character("A")])
    expectEqual(keys([0xED, 0xA0, 0x80, 0x62]), [.character("b")])  // a surrogate
    expectEqual(keys([0xC0, 0xAF, 0x63]), [.character("c")])  // overlong
    expectEqual(keys([0xC2, 0x85]), [])  // a C1 control
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
    #expect(parser.parse(Array("ok".utf8)) + parser.flush() == [.character("o"), .character("k")])
  }
}
