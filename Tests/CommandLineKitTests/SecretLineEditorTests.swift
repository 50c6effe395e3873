import ReactiveTesting
import Testing

@testable import CommandLineKit

@Suite struct SecretLineEditorTests {
  /// Feeds `bytes` and returns the first outcome, or what `finish()` says at the end.
  func outcome(of bytes: [UInt8]) -> SecretLineEditor.Outcome {
    var editor = SecretLineEditor()
    for byte in bytes {
      if let outcome = editor.feed(byte) { return outcome }
    }
    return editor.finish()
  }

  @Test func enterEndsTheLine() {
    expectEqual(outcome(of: Array("pw\r".utf8)), .line("pw"))
    expectEqual(outcome(of: Array("pw\nignored".utf8)), .line("pw"))
    expectEqual(outcome(of: Array("\r".utf8)), .line(""))
  }

  @Test func backspaceRemovesWholeCharacters() {
    expectEqual(outcome(of: Array("abc".utf8) + [0x7F, 0x08] + Array("z\r".utf8)), .line("az"))
    expectEqual(outcome(of: Array("pé".utf8) + [0x7F] + Array("e\r".utf8)), .line("pe"))
    expectEqual(outcome(of: [0x7F] + Array("x\r".utf8)), .line("x"))
  }

  @Test func controlUClearsTheLine() {
    expectEqual(outcome(of: Array("wrong".utf8) + [0x15] + Array("right\r".utf8)), .line("right"))
  }

  @Test func controlCInterrupts() {
    expectEqual(outcome(of: Array("half".utf8) + [0x03] + Array("\r".utf8)), .interrupted)
  }

  @Test func controlDEndsInputOnlyOnAnEmptyLine() {
    expectEqual(outcome(of: [0x04]), .endOfInput)
    expectEqual(outcome(of: Array("ab".utf8) + [0x04] + Array("c\r".utf8)), .line("abc"))
  }

  @Test func endOfInputKeepsWhatWasTyped() {
    expectEqual(outcome(of: Array("partial".utf8)), .line("partial"))
    expectEqual(outcome(of: []), .endOfInput)
  }
}
