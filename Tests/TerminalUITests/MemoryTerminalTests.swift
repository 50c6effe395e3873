import ReactiveTesting
import Synchronization
import TerminalUITesting
import Testing

@testable import TerminalUI

@Suite struct MemoryTerminalTests {
  private func terminal(_ width: Int, _ height: Int) -> MemoryTerminal {
    MemoryTerminal(size: TerminalSize(width: width, height: height))
  }

  @Test func textCursorMovesAndErasing() {
    let screen = terminal(6, 3)
    screen.write("abcdef\u{1B}[2;3Hxy\u{1B}[3Hz\u{1B}[1;4H\u{1B}[K")
    expectEqual(screen.lines, ["abc   ", "  xy  ", "z     "])
    screen.write("\u{1B}[2;3H\u{1B}[1K")
    expectEqual(screen.lines, ["abc   ", "   y  ", "z     "])
    screen.write("\u{1B}[2J")
    expectEqual(screen.lines, ["      ", "      ", "      "])
    #expect(screen.bytesWritten > 0)
  }

  @Test func stylesAreParsedPerCell() {
    let screen = terminal(5, 1)
    screen.write(
      "\u{1B}[1;31ma\u{1B}[0;7;44mb\u{1B}[22;27;49;38;5;200mc\u{1B}[0;38;2;1;2;3;4md\u{1B}[0m")
    expectEqual(screen.cell(x: 0, y: 0).style, Style.plain.bold().foreground(.red))
    expectEqual(screen.cell(x: 1, y: 0).style, Style.plain.reversed().background(.blue))
    expectEqual(screen.cell(x: 2, y: 0).style, Style.plain.foreground(.indexed(200)))
    expectEqual(screen.cell(x: 3, y: 0).style, Style.plain.foreground(.rgb(1, 2, 3)).underlined())
    expectEqual(screen.cell(x: 4, y: 0).style, .plain)
  }

  @Test func fullScreenUsesTheAlternateScreenAndGivesTheMainOneBack() {
    let screen = terminal(5, 2)
    screen.write("shell")
    screen.enterFullScreen()
    #expect(screen.screen.isAlternateScreen && !screen.screen.isCursorVisible)
    #expect(screen.screen.isBracketedPasteEnabled && !screen.screen.isAutowrapEnabled)
    expectEqual(screen.lines, ["     ", "     "])
    screen.write("app")
    screen.leaveFullScreen()
    screen.leaveFullScreen()
    #expect(!screen.screen.isAlternateScreen && screen.screen.isCursorVisible)
    #expect(!screen.screen.isBracketedPasteEnabled && screen.screen.isAutowrapEnabled)
    expectEqual(screen.lines, ["shell", "     "])
    #expect(!screen.isFullScreen)
  }

  @Test func autowrapAndScrolling() {
    let screen = terminal(3, 2)
    screen.write("abcdefgh")
    expectEqual(screen.lines, ["def", "gh "])
    screen.write("\u{1B}[?7l\u{1B}[1;1Hwxyz")
    expectEqual(screen.lines, ["wxz", "gh "])
  }

  @Test func sequencesAndCharactersSplitAcrossWrites() {
    let screen = terminal(4, 1)
    let bytes = Array("\u{1B}[1;2H中\u{1B}[7mé".utf8)
    for byte in bytes { screen.write([byte]) }
    expectEqual(screen.lines, [" 中é"])
    #expect(screen.cell(x: 3, y: 0).style.isReversed)
  }

  @Test func aCombiningMarkWrittenAloneJoinsThePreviousCell() {
    let screen = terminal(3, 1)
    screen.write("e")
    screen.write("\u{301}x")
    expectEqual(screen.cell(x: 0, y: 0).character, "e\u{301}")
    expectEqual(screen.lines, ["e\u{301}x "])
  }

  @Test func inputIsDeliveredOnlyWhileStarted() {
    let screen = terminal(3, 1)
    let received = Mutex<[[UInt8]]>([])
    screen.send("early")
    screen.startInput(
      onBytes: { bytes in received.withLock { $0.append(bytes) } }, onResize: { _ in })
    screen.send("ab")
    screen.stopInput()
    screen.send("late")
    expectEqual(received.withLock { $0 }, [Array("ab".utf8)])
  }

  @Test func resizeKeepsWhatFitsAndIsReported() {
    let screen = terminal(4, 2)
    let sizes = Mutex<[TerminalSize]>([])
    screen.startInput(onBytes: { _ in }, onResize: { size in sizes.withLock { $0.append(size) } })
    screen.write("abcd\u{1B}[2Hefgh")
    screen.resize(to: TerminalSize(width: 2, height: 3))
    expectEqual(screen.lines, ["ab", "ef", "  "])
    expectEqual(sizes.withLock { $0 }, [TerminalSize(width: 2, height: 3)])
  }

  @Test func countsAndResetsOutput() {
    let screen = terminal(3, 1)
    screen.write("é")
    expectEqual(screen.bytesWritten, 2)
    screen.resetOutput()
    #expect(screen.bytesWritten == 0 && screen.lines == ["é  "])
  }
}
