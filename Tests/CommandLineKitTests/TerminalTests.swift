import ReactiveTesting
import TestSupport
import Testing

@testable import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct TerminalTests {
  struct Boom: Error {}

  @Test func terminalsAreToldApartFromPipes() throws {
    let terminal = try PseudoTerminal()
    let pipe = try PipeEnds()
    #expect(FileOutput(descriptor: terminal.follower).isTerminal)
    #expect(StandardInput(descriptor: terminal.follower).isTerminal)
    #expect(!FileOutput(descriptor: pipe.writing).isTerminal)
    #expect(!StandardInput(descriptor: pipe.reading).isTerminal)
  }

  @Test func fileOutputWritesEverything() throws {
    let pipe = try PipeEnds()
    let output = FileOutput(descriptor: pipe.writing)
    output.write("héllo ")
    output.writeLine(String(repeating: "x", count: 5000))
    #expect(pipe.receive() == "héllo " + String(repeating: "x", count: 5000) + "\n")
  }

  @Test func readLineSplitsLinesAndDropsLineEndings() throws {
    let pipe = try PipeEnds()
    pipe.send("one\r\ntwo\n\nthree")
    pipe.closeWriting()
    let input = StandardInput(descriptor: pipe.reading)
    expectEqual(input.readLine(), "one")
    expectEqual(input.readLine(), "two")
    expectEqual(input.readLine(), "")
    expectEqual(input.readLine(), "three")
    #expect(input.readLine() == nil)
  }

  @Test func secretFromAPipeIsAPlainLine() throws {
    let pipe = try PipeEnds()
    pipe.send("s3cret\nnext\n")
    pipe.closeWriting()
    let input = StandardInput(descriptor: pipe.reading)
    #expect(try input.readSecretLine() == "s3cret")
    expectEqual(input.readLine(), "next")
  }

  @Test func secretModeTurnsOffEchoLineEditingAndSignalsThenRestores() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.comparableSettings()
    #expect(terminal.localModeHas(ECHO) && terminal.localModeHas(ICANON))
    Terminal.withSecretInputMode(on: terminal.follower) {
      #expect(!terminal.localModeHas(ECHO))
      #expect(!terminal.localModeHas(ICANON))
      #expect(!terminal.localModeHas(ISIG))
      expectEqual(terminal.minimumBytes(), 1)
    }
    expectEqual(terminal.comparableSettings(), before)
  }

  @Test func secretModeRestoresTheTerminalWhenTheBodyThrows() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.comparableSettings()
    #expect(throws: Boom.self) {
      try Terminal.withSecretInputMode(on: terminal.follower) {
        #expect(!terminal.localModeHas(ECHO))
        throw Boom()
      }
    }
    expectEqual(terminal.comparableSettings(), before)
  }

  @Test func secretTypedOnATerminalIsReadWithoutEcho() throws {
    let terminal = try PseudoTerminal()
    let input = StandardInput(descriptor: terminal.follower)
    let secret = try Terminal.withSecretInputMode(on: terminal.follower) {
      terminal.type("pa\u{7F}w\r")
      return try input.readSecretBytes()
    }
    expectEqual(secret, "pw")
    expectEqual(terminal.shown(), "")
  }

  @Test func controlCAtASecretPromptInterruptsAndRestores() throws {
    let terminal = try PseudoTerminal()
    terminal.makeRawWithEcho()
    let before = terminal.comparableSettings()
    #expect(terminal.localModeHas(ECHO))
    terminal.type("hal\u{3}")
    #expect(throws: InterruptedError()) {
      try StandardInput(descriptor: terminal.follower).readSecretLine()
    }
    expectEqual(terminal.comparableSettings(), before)
  }

  @Test func secretOnATerminalRestoresSettingsAfterEnter() throws {
    let terminal = try PseudoTerminal()
    terminal.makeRawWithEcho()
    let before = terminal.comparableSettings()
    terminal.type("hunter22\r")
    #expect(try StandardInput(descriptor: terminal.follower).readSecretLine() == "hunter22")
    expectEqual(terminal.comparableSettings(), before)
  }
}
