/// Lines read from a file descriptor, standard input by default, one byte at a time so
/// nothing is read ahead of what was asked for.
public struct StandardInput: LineInput {
  /// The file descriptor read from.
  public let descriptor: Int32
  /// Whether the descriptor was a terminal when this value was made.
  public let isTerminal: Bool

  /// Reads from `descriptor` (0, standard input, by default), asking the system once
  /// whether it is a terminal.
  public init(descriptor: Int32 = 0) {
    self.descriptor = descriptor
    self.isTerminal = Terminal.isTerminal(descriptor)
  }

  /// The next line without its `\n` (or `\r\n`), or `nil` at the end of input.
  public func readLine() -> String? {
    var bytes: [UInt8] = []
    while let byte = Terminal.readByte(from: descriptor) {
      if byte == 0x0A { return Self.decode(bytes) }
      bytes.append(byte)
    }
    return bytes.isEmpty ? nil : Self.decode(bytes)
  }

  /// The next line typed with echo off. On a terminal the previous settings come back
  /// however the read ends; elsewhere this is `readLine()`.
  /// - Throws: `InterruptedError` when the user pressed Ctrl-C.
  public func readSecretLine() throws -> String? {
    guard isTerminal else { return readLine() }
    return try Terminal.withSecretInputMode(on: descriptor) { try readSecretBytes() }
  }

  /// Reads bytes through a `SecretLineEditor` until the line is decided.
  func readSecretBytes() throws -> String? {
    var editor = SecretLineEditor()
    var outcome: SecretLineEditor.Outcome?
    while outcome == nil {
      guard let byte = Terminal.readByte(from: descriptor) else {
        outcome = editor.finish()
        break
      }
      outcome = editor.feed(byte)
    }
    switch outcome {
    case .line(let line): return line
    case .interrupted: throw InterruptedError()
    case .endOfInput, nil: return nil
    }
  }

  private static func decode(_ bytes: [UInt8]) -> String {
    let line = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
    return String(decoding: line, as: UTF8.self)
  }
}
