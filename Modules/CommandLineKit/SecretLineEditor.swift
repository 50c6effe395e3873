/// Turns the bytes of a secret typed in a terminal without line editing into a line:
/// Enter ends it, Backspace removes the last character, Ctrl-U clears it, Ctrl-C
/// interrupts, and Ctrl-D on an empty line means end of input.
struct SecretLineEditor {
  /// What the bytes so far amount to, once decided.
  enum Outcome: Equatable {
    case line(String)
    case endOfInput
    case interrupted
  }

  private var bytes: [UInt8] = []

  /// Takes one byte; returns the outcome once the line is decided, else `nil`.
  mutating func feed(_ byte: UInt8) -> Outcome? {
    switch byte {
    case 0x0A, 0x0D:
      return .line(String(decoding: bytes, as: UTF8.self))
    case 0x03:
      return .interrupted
    case 0x04:
      return bytes.isEmpty ? .endOfInput : nil
    case 0x08, 0x7F:
      // Drop the UTF-8 continuation bytes of the last character, then its first byte.
      while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
      if !bytes.isEmpty { bytes.removeLast() }
      return nil
    case 0x15:
      bytes.removeAll()
      return nil
    default:
      bytes.append(byte)
      return nil
    }
  }

  /// The outcome when the input ends before Enter: what was typed, or end of input.
  func finish() -> Outcome {
    bytes.isEmpty ? .endOfInput : .line(String(decoding: bytes, as: UTF8.self))
  }
}
