import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct ScreenBufferTests {
  @Test func writeTruncatesWithAnEllipsisAndNeverWraps() {
    var buffer = ScreenBuffer(width: 8, height: 2)
    let used = buffer.write("Hello, world", x: 1, y: 0)
    expectEqual(used, 7)
    expectEqual(buffer.lines, [" Hello,…", "        "])
  }

  @Test func writeRespectsMaxWidth() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    buffer.write("abcdefgh", x: 0, y: 0, maxWidth: 4)
    expectEqual(buffer.lines, ["abc…      "])
  }

  @Test func wideGraphemesTakeTwoCells() {
    var buffer = ScreenBuffer(width: 6, height: 1)
    expectEqual(buffer.write("中😀a", x: 0, y: 0), 5)
    expectEqual(buffer.lines, ["中😀a "])
    #expect(buffer[1, 0].isContinuation && buffer[3, 0].isContinuation)
    expectEqual(buffer[4, 0].character, "a")
  }

  @Test func combiningMarksStayWithTheirLetter() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    expectEqual(buffer.write("e\u{301}x", x: 0, y: 0), 2)
    expectEqual(buffer[0, 0].character, "e\u{301}")
    expectEqual(buffer.lines, ["e\u{301}x  "])
  }

  @Test func wideTextIsCutBeforeTheEdge() {
    var buffer = ScreenBuffer(width: 5, height: 2)
    buffer.write("中文字", x: 0, y: 0)
    buffer.write("中文字", x: 1, y: 1)
    expectEqual(buffer.lines, ["中文…", " 中… "])
    var edge = ScreenBuffer(width: 3, height: 1)
    edge.put("中", x: 2, y: 0)
    expectEqual(edge.lines, ["   "])
  }

  @Test func overwritingHalfOfAWideGraphemeBlanksTheOtherHalf() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.write("中文", x: 0, y: 0)
    buffer.put("x", x: 1, y: 0)
    expectEqual(buffer.lines, [" x文"])
    buffer.put("y", x: 2, y: 0)
    expectEqual(buffer.lines, [" xy "])
    buffer.put("字", x: 1, y: 0)
    expectEqual(buffer.lines, [" 字 "])
  }

  @Test func controlCharactersAreDrawnEscaped() {
    var buffer = ScreenBuffer(width: 14, height: 2)
    buffer.write("a\tb\nc\u{1B}d", x: 0, y: 0)
    expectEqual(buffer.lines[0], "a b c\\u{1B}d  ")
    // C1 controls, DEL and the bidirectional overrides too; lone zero-width marks are dropped.
    buffer.write("\u{9B}\u{7F}\u{202E}\u{200D}", x: 0, y: 1)
    expectEqual(buffer.lines[1], "\\u{9B}\\u{7F}\\…")
    // The width used for alignment is that of the escaped text.
    var aligned = ScreenBuffer(width: 10, height: 1)
    aligned.write("\u{1B}x", in: aligned.bounds, alignment: .trailing)
    expectEqual(aligned.lines, ["   \\u{1B}x"])
    // A control character put on its own takes no cell.
    expectEqual(aligned.put("\u{1B}", x: 0, y: 0), 0)
  }

  @Test func alignedWritesInARect() {
    var buffer = ScreenBuffer(width: 9, height: 3)
    buffer.write("ab", in: Rect(x: 0, y: 0, width: 9, height: 1), alignment: .leading)
    buffer.write("ab", in: Rect(x: 0, y: 1, width: 9, height: 1), alignment: .center)
    buffer.write("ab", in: Rect(x: 0, y: 2, width: 9, height: 1), alignment: .trailing)
    expectEqual(buffer.lines, ["ab       ", "   ab    ", "       ab"])
  }

  @Test func fillAndStyleAreClippedToTheBuffer() {
    var buffer = ScreenBuffer(width: 3, height: 2)
    buffer.fill(Rect(x: 1, y: 1, width: 10, height: 10), with: "#", style: .plain.bold())
    expectEqual(buffer.lines, ["   ", " ##"])
    #expect(buffer[2, 1].style.isBold && !buffer[0, 1].style.isBold)
    buffer.setStyle(.plain.reversed(), in: Rect(x: 0, y: 0, width: 1, height: 1))
    #expect(buffer[0, 0].style.isReversed)
  }
}
