/// Turns the bytes a terminal sends into keys, incrementally: a sequence split across reads
/// is completed by the next read.
///
/// A lone ESC is ambiguous (Esc, or the start of a sequence whose rest has not arrived yet),
/// so the parser holds it back. The caller invokes `flush()` when no more bytes arrived
/// within a short time (25–50 ms is usual); `hasPendingInput` says whether that is needed.
/// An ESC followed by a byte that starts no sequence is Esc, and the byte is read on its own.
///
/// Unknown escape sequences become `.unknown`; invalid UTF-8 is dropped. Bracketed paste
/// (`ESC[200~` … `ESC[201~`) becomes one `.paste`, however many reads it spans.
public struct KeyParser: Sendable {
  private var buffer: [UInt8] = []

  /// The longest escape sequence accepted before it is reported as `.unknown`.
  static let maximumSequenceLength = 32
  /// Pasted text beyond this many bytes without an end marker is delivered as it is.
  static let maximumPasteLength = 1 << 20

  /// Creates a parser with nothing pending.
  public init() {}

  /// Whether bytes are held back waiting for the rest of a sequence.
  public var hasPendingInput: Bool { !buffer.isEmpty }

  /// Reads `bytes` and returns the keys they complete.
  public mutating func parse(_ bytes: some Sequence<UInt8>) -> [Key] {
    buffer.append(contentsOf: bytes)
    return drain(atEnd: false)
  }

  /// Resolves what is held back as if no more bytes will follow: a lone ESC becomes
  /// `.escape`, an unfinished sequence `.unknown`, an unfinished UTF-8 character is dropped.
  /// An unfinished paste stays pending, since its end marker is sure to come.
  public mutating func flush() -> [Key] {
    drain(atEnd: true)
  }

  private enum Step {
    case key(Key?, length: Int)
    case incomplete
  }

  private mutating func drain(atEnd: Bool) -> [Key] {
    var keys: [Key] = []
    var start = 0
    while start < buffer.count {
      let step = Self.step(buffer[start...], atEnd: atEnd)
      guard case .key(let key, let length) = step else { break }
      if let key { keys.append(key) }
      start += length
    }
    buffer.removeFirst(start)
    return Self.joiningGraphemes(keys)
  }

  private static func step(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escape(bytes, atEnd: atEnd)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x01...0x1A:
      return .key(.control(Character(Unicode.Scalar(first + 0x60))), length: 1)
    case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(first))), length: 1)
    case 0x80...: return utf8(bytes, atEnd: atEnd)
    default: return .key(.unknown([first]), length: 1)
    }
  }

  private static func escape(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return atEnd ? .key(.escape, length: 1) : .incomplete }
    switch bytes[start + 1] {
    case UInt8(ascii: "["): return controlSequence(bytes, atEnd: atEnd)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else {
        return atEnd ? .key(.unknown(Array(bytes)), length: 2) : .incomplete
      }
      let key: Key? =
        switch bytes[start + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
      return .key(key ?? .unknown(Array(bytes.prefix(3))), length: 3)
    default:
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
  private static func controlSequence(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    var index = start + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case 0x20...0x3F:
        index += 1
        if index - start > maximumSequenceLength {
          return .key(.unknown(Array(bytes[start..<index])), length: index - start)
        }
      case 0x40...0x7E:
        let sequence = bytes[start...index]
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if byte == UInt8(ascii: "~") && parameters == "200" {
          return paste(bytes, contentStart: index + 1, atEnd: atEnd)
        }
        let key = controlSequenceKey(final: byte, parameters: parameters)
        return .key(key ?? .unknown(Array(sequence)), length: sequence.count)
      default:
        // A byte that cannot be part of a sequence: report what came before it.
        return .key(.unknown(Array(bytes[start..<index])), length: index - start)
      }
    }
    return atEnd ? .key(.unknown(Array(bytes)), length: bytes.count) : .incomplete
  }

  private static func controlSequenceKey(final: UInt8, parameters: String) -> Key? {
    let first = Int(parameters.split(separator: ";", omittingEmptySubsequences: false)[0])
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: return .home
      case 3: return .delete
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private static func paste(_ bytes: ArraySlice<UInt8>, contentStart: Int, atEnd: Bool) -> Step {
    let content = bytes[contentStart...]
    if let end = content.firstRange(of: pasteEnd) {
      let text = pastedText(content[..<end.lowerBound])
      return .key(.paste(text), length: end.upperBound - bytes.startIndex)
    }
    if content.count > maximumPasteLength {
      return .key(.paste(pastedText(content)), length: bytes.count)
    }
    return .incomplete
  }

  private static func pastedText(_ bytes: ArraySlice<UInt8>) -> String {
    validUTF8(bytes).replacing("\r\n", with: "\n").replacing("\r", with: "\n")
  }

  private static func utf8(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let start = bytes.startIndex
    let length =
      switch bytes[start] {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return .key(nil, length: 1) }
    let available = bytes.prefix(length)
    if let bad = available.dropFirst().firstIndex(where: { $0 & 0xC0 != 0x80 }) {
      return .key(nil, length: bad - start)
    }
    guard available.count == length else {
      return atEnd ? .key(nil, length: available.count) : .incomplete
    }
    guard let text = String(validating: available, as: UTF8.self),
      let scalar = text.unicodeScalars.first, scalar.value >= 0xA0
    else { return .key(nil, length: length) }
    return .key(.character(Character(scalar)), length: length)
  }

  /// The valid UTF-8 in `bytes` as text; invalid bytes are dropped.
  static func validUTF8(_ bytes: some Collection<UInt8>) -> String {
    var result = ""
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
      case .emptyInput: break loop
      case .error: continue
      }
    }
    return result
  }

  /// Merges consecutive characters that form one grapheme (a letter and its combining
  /// marks, an emoji sequence) into a single `.character`.
  private static func joiningGraphemes(_ keys: [Key]) -> [Key] {
    var result: [Key] = []
    var text = ""
    func emitText() {
      result += text.map { Key.character($0) }
      text = ""
    }
    for key in keys {
      if case .character(let character) = key {
        text.append(character)
      } else {
        emitText()
        result.append(key)
      }
    }
    emitText()
    return result
  }
}
