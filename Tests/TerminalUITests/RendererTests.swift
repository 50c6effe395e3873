import ReactiveTesting
import TerminalUITesting
import Testing

@testable import TerminalUI

@Suite struct RendererTests {
  private func frame(_ lines: [String], width: Int) -> ScreenBuffer {
    var buffer = ScreenBuffer(width: width, height: lines.count)
    for (y, line) in lines.enumerated() { buffer.write(line, x: 0, y: y) }
    return buffer
  }

  @Test func firstFrameClearsAndDrawsOnlyNonBlankCells() {
    var renderer = Renderer()
    let terminal = MemoryTerminal(size: TerminalSize(width: 6, height: 2))
    let bytes = renderer.render(frame(["ab", "  c"], width: 6))
    terminal.write(bytes)
    expectEqual(terminal.lines, ["ab    ", "  c   "])
    expectEqual(renderer.lastCellCount, 3)
    expectEqual(
      String(decoding: bytes, as: UTF8.self), "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1Hab\u{1B}[2;3Hc")
  }

  @Test func anUnchangedFrameWritesNothing() {
    var renderer = Renderer()
    let same = frame(["hello"], width: 5)
    _ = renderer.render(same)
    #expect(renderer.render(same).isEmpty)
    expectEqual(renderer.lastCellCount, 0)
  }

  @Test func oneChangedCharacterWritesOneMoveAndOneCell() {
    var renderer = Renderer()
    var buffer = frame(["hello world", "second line"], width: 20)
    _ = renderer.render(buffer)
    buffer.put("W", x: 6, y: 1)
    let bytes = renderer.render(buffer)
    expectEqual(String(decoding: bytes, as: UTF8.self), "\u{1B}[2;7HW")
    expectEqual(bytes.count, 7)
    expectEqual(renderer.lastCellCount, 1)
  }

  @Test func styleChangesSelectTheStyleAndResetAfterwards() {
    var renderer = Renderer()
    var buffer = frame(["abc"], width: 3)
    _ = renderer.render(buffer)
    buffer.put("b", x: 1, y: 0, style: Style.plain.bold().foreground(.red))
    let output = String(decoding: renderer.render(buffer), as: UTF8.self)
    expectEqual(output, "\u{1B}[1;2H\u{1B}[0;1;31mb\u{1B}[0m")
  }

  @Test func neighbouringChangesShareOneCursorMove() {
    var renderer = Renderer()
    var buffer = frame(["........"], width: 8)
    _ = renderer.render(buffer)
    buffer.write("xy", x: 2, y: 0)
    buffer.put("z", x: 6, y: 0)
    let output = String(decoding: renderer.render(buffer), as: UTF8.self)
    expectEqual(output, "\u{1B}[1;3Hxy\u{1B}[2Cz")
    expectEqual(renderer.lastCellCount, 3)
  }

  @Test func aResizeRedrawsEverything() {
    var renderer = Renderer()
    let terminal = MemoryTerminal(size: TerminalSize(width: 4, height: 2))
    terminal.write(renderer.render(frame(["abcd", "efgh"], width: 4)))
    terminal.resize(to: TerminalSize(width: 3, height: 2))
    let bytes = renderer.render(frame(["abc", "efg"], width: 3))
    expectEqual(String(decoding: bytes.prefix(11), as: UTF8.self), "\u{1B}[0m\u{1B}[H\u{1B}[2J")
    expectEqual(renderer.lastCellCount, 6)
    terminal.write(bytes)
    expectEqual(terminal.lines, ["abc", "efg"])
  }

  @Test func invalidateForcesAFullRedraw() {
    var renderer = Renderer()
    let same = frame(["ab"], width: 2)
    _ = renderer.render(same)
    renderer.invalidate()
    _ = renderer.render(same)
    expectEqual(renderer.lastCellCount, 2)
  }

  @Test func wideGraphemesAreWrittenOnceAndRepositionAfterwards() {
    var renderer = Renderer()
    let terminal = MemoryTerminal(size: TerminalSize(width: 6, height: 1))
    var buffer = frame(["abcdef"], width: 6)
    terminal.write(renderer.render(buffer))
    buffer.write("中x", x: 1, y: 0)
    let output = String(decoding: renderer.render(buffer), as: UTF8.self)
    expectEqual(output, "\u{1B}[1;2H中\u{1B}[1;4Hx")
    terminal.write(Array(output.utf8))
    expectEqual(terminal.lines, ["a中xef"])
    buffer.write("yz", x: 1, y: 0)
    terminal.write(renderer.render(buffer))
    expectEqual(terminal.lines, ["ayzxef"])
  }

  @Test func noColorDropsColoursAndKeepsEveryAttribute() {
    var renderer = Renderer(colorMode: .noColor)
    let terminal = MemoryTerminal(size: TerminalSize(width: 3, height: 1))
    var buffer = ScreenBuffer(width: 3, height: 1)
    buffer.put("a", x: 0, y: 0, style: Style.plain.foreground(.red).background(.blue).underlined())
    buffer.put("b", x: 1, y: 0, style: Style.plain.reversed().bold().dim().foreground(.green))
    terminal.write(renderer.render(buffer))
    expectEqual(terminal.cell(x: 0, y: 0).style, Style.plain.underlined())
    expectEqual(terminal.cell(x: 1, y: 0).style, Style.plain.reversed().bold().dim())
  }

  @Test func noColorWritesNoColourCodes() {
    var renderer = Renderer(colorMode: .noColor)
    var buffer = ScreenBuffer(width: 2, height: 1)
    buffer.put("a", x: 0, y: 0, style: Style.plain.foreground(.red).background(.blue).dim())
    buffer.put("b", x: 1, y: 0, style: Style.plain.foreground(.rgb(1, 2, 3)).underlined())
    let bytes = String(decoding: renderer.render(buffer), as: UTF8.self)
    #expect(bytes.contains("\u{1B}[0;2ma") && bytes.contains("\u{1B}[0;4mb"))
    #expect(!bytes.contains(";3") && !bytes.contains(";4;") && !bytes.contains("38;"))
  }

  @Test func colorsReachTheTerminal() {
    var renderer = Renderer()
    let terminal = MemoryTerminal(size: TerminalSize(width: 3, height: 1))
    var buffer = ScreenBuffer(width: 3, height: 1)
    let fancy = Style.plain.foreground(.rgb(1, 2, 3)).background(.indexed(200)).underlined().dim()
    buffer.put("a", x: 0, y: 0, style: fancy)
    buffer.put("b", x: 1, y: 0, style: Style.plain.foreground(.yellow).background(.black))
    terminal.write(renderer.render(buffer))
    expectEqual(terminal.cell(x: 0, y: 0).style, fancy)
    expectEqual(terminal.cell(x: 1, y: 0).style, Style.plain.foreground(.yellow).background(.black))
    expectEqual(terminal.cell(x: 2, y: 0).style, .plain)
  }

  /// Draws many frames of random text, wide characters and styles; after each one the
  /// emulated screen must equal the frame.
  @Test func theScreenAlwaysMatchesTheLastFrame() {
    var random = SplitMix(seed: 42)
    let pieces = ["a", "b", " ", "中", "😀", "e\u{301}", "xyz", "…"]
    let styles = [Style.plain, Style.plain.bold(), Style.plain.reversed().foreground(.cyan)]
    var renderer = Renderer()
    let size = TerminalSize(width: 9, height: 4)
    let terminal = MemoryTerminal(size: size)
    var buffer = ScreenBuffer(size: size)
    for _ in 0..<300 {
      for _ in 0..<random.next(below: 4) {
        buffer.write(
          pieces[random.next(below: pieces.count)], x: random.next(below: size.width),
          y: random.next(below: size.height), style: styles[random.next(below: styles.count)])
      }
      terminal.write(renderer.render(buffer))
      expectEqual(terminal.lines, buffer.lines)
      expectEqual(terminal.screen.buffer, buffer)
    }
  }
}

/// A small deterministic generator, so the randomised test is reproducible.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
