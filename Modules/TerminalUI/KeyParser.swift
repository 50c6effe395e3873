/// Turns the bytes a terminal sends into keys, incrementally: a sequence or a character split
/// across reads is completed by the next read.
///
/// A lone ESC is ambiguous (Esc, or the start of a sequence or an Alt key whose rest has not
/// arrived yet), so the parser holds it back. The caller invokes `flush()` when no more bytes
/// arrived within a short time (25–50 ms is usual); `isWaitingForSequence` says whether that
/// is needed. ESC followed by a key is that key with Alt (`Key.alt`), as terminals send Alt
/// and Meta; ESC ESC is Esc, and the second ESC starts anew.
///
/// The last character of a read is held back too, since the next read may extend it (a
/// combining mark, a skin tone, a joined emoji, the second half of a flag): `hasPendingInput`
/// is then true but `isWaitingForSequence` false, and the caller flushes as soon as no read
/// is waiting, without the escape timeout.
///
/// Unknown escape sequences become `.unknown`; invalid UTF-8 is dropped. Bracketed paste
/// (`ESC[200~` … `ESC[201~`) becomes one `.paste`, however many reads it spans; each read
/// is scanned once for the end marker, so a long paste takes time in proportion to its
/// length. SGR mouse reports (`ESC[<b;x;yM`) become `.mouse`.
public struct KeyParser: Sendable {
  private var buffer: [UInt8] = []
  /// While the buffer starts with an unfinished paste: where the search for its end resumes.
  private var pasteScanOffset: Int?
  /// Whether what is held back is a complete character that a later read might extend.
  private var holdsOnlyText = false

  /// The longest escape sequence accepted before it is reported as `.unknown`.
  static let maximumSequenceLength = 32
  /// Pasted text beyond this many bytes without an end marker is delivered as it is.
  static let maximumPasteLength = 1 << 24
  /// A trailing character longer than this (in bytes) is delivered without waiting for more.
  static let maximumHeldCharacterLength = 128

  /// Creates a parser with nothing pending.
  public init() {}

  /// Whether bytes are held back waiting for more input (or for `flush()`).
  public var hasPendingInput: Bool { !buffer.isEmpty }

  /// Whether the bytes held back start an escape sequence or a character that is not
  /// complete, so `flush()` should wait for the escape timeout. `false` when nothing is held
  /// or only a complete character that a continuation might still extend.
  public var isWaitingForSequence: Bool { !buffer.isEmpty && !holdsOnlyText }

  /// Reads `bytes` and returns the keys they complete.
  public mutating func parse(_ bytes: some Sequence<UInt8>) -> [Key] {
    buffer.append(contentsOf: bytes)
    return drain(atEnd: false)
  }

  /// Resolves what is held back as if no more bytes will follow: a lone ESC becomes
  /// `.escape`, an unfinished sequence `.unknown`, a held character is delivered and an
  /// unfinished UTF-8 character is dropped. An unfinished paste stays pending, since its end
  /// marker is sure to come.
  public mutating func flush() -> [Key] {
    drain(atEnd: true)
  }

  private enum Step {
    case key(Key?, length: Int)
    case incomplete
  }

  private mutating func drain(atEnd: Bool) -> [Key] {
    var keys: [Key] = []
    // The offset each key started at, to hold the last character back.
    var offsets: [Int] = []
    var start = 0
    let resume = pasteScanOffset
    pasteScanOffset = nil
    while start < buffer.count {
      let step = step(at: start, pasteResume: start == 0 ? resume : nil, atEnd: atEnd)
      guard case .key(let key, let length) = step else { break }
      if let key {
        keys.append(key)
        offsets.append(start)
      }
      start += length
    }
    var consumed = start
    holdsOnlyText = false
    // What ends the read, or an unfinished UTF-8 character, may still extend the last
    // character: hold it back with them.
    let endsInText = start == buffer.count || buffer[start] >= 0x80
    if !atEnd, endsInText, let held = Self.trailingCharacterScalars(keys),
      buffer.count - offsets[keys.count - held] <= Self.maximumHeldCharacterLength
    {
      consumed = offsets[keys.count - held]
      keys.removeLast(held)
      holdsOnlyText = start == buffer.count
    }
    buffer.removeFirst(consumed)
    if let offset = pasteScanOffset { pasteScanOffset = offset - consumed }
    return Self.joiningGraphemes(keys)
  }

  /// How many keys at the end of `keys` (each one scalar) make up the last character, when
  /// the keys end with a character.
  private static func trailingCharacterScalars(_ keys: [Key]) -> Int? {
    // The character's scalars are among the last few keys (each key is one scalar).
    var scalars: [Unicode.Scalar] = []
    for key in keys.reversed().prefix(maximumHeldCharacterLength / 2) {
      guard case .character(let character) = key else { break }
      scalars.append(contentsOf: character.unicodeScalars.reversed())
    }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars.reversed())
    guard let last = String(text).last else { return nil }
    return last.unicodeScalars.count
  }

  private mutating func step(at start: Int, pasteResume: Int?, atEnd: Bool) -> Step {
    let bytes = buffer[start...]
    if buffer[start] == 0x1B { return escape(bytes, pasteResume: pasteResume, atEnd: atEnd) }
    return Self.plain(bytes, atEnd: atEnd)
  }

  /// A key that does not start with ESC.
  private static func plain(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Step {
    let first = bytes[bytes.startIndex]
    switch first {
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

  private mutating func escape(_ bytes: ArraySlice<UInt8>, pasteResume: Int?, atEnd: Bool)
    -> Step
  {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return atEnd ? .key(.escape, length: 1) : .incomplete }
    let next = bytes[start + 1]
    switch next {
    case UInt8(ascii: "["):
      guard bytes.count > 2 else {
        return atEnd ? .key(.alt(.character("[")), length: 2) : .incomplete
      }
      return controlSequence(bytes, pasteResume: pasteResume, atEnd: atEnd)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else {
        return atEnd ? .key(.alt(.character("O")), length: 2) : .incomplete
      }
      return .key(Self.singleShift(bytes[start + 2]) ?? .unknown(Array(bytes.prefix(3))), length: 3)
    case 0x1B:
      return .key(.escape, length: 1)
    default:
      switch Self.plain(bytes.dropFirst(), atEnd: atEnd) {
      case .incomplete: return .incomplete
      case .key(let key?, let length): return .key(.alt(key), length: length + 1)
      case .key(nil, _): return .key(.escape, length: 1)
      }
    }
  }

  /// The key of `ESC O` followed by `final` (application cursor keys, rxvt's Ctrl-arrows).
  private static func singleShift(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "a"): .ctrl(.up)
    case UInt8(ascii: "b"): .ctrl(.down)
    case UInt8(ascii: "c"): .ctrl(.right)
    case UInt8(ascii: "d"): .ctrl(.left)
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
  private mutating func controlSequence(
    _ bytes: ArraySlice<UInt8>, pasteResume: Int?, atEnd: Bool
  ) -> Step {
    let start = bytes.startIndex
    var index = start + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case 0x20...0x3F:
        index += 1
        if index - start > Self.maximumSequenceLength {
          return .key(.unknown(Array(bytes[start..<index])), length: index - start)
        }
      case 0x40...0x7E:
        let sequence = bytes[start...index]
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        if byte == UInt8(ascii: "~") && parameters == "200" {
          return paste(bytes, contentStart: index + 1, resume: pasteResume)
        }
        let key = Self.controlSequenceKey(final: byte, parameters: parameters)
        return .key(key ?? .unknown(Array(sequence)), length: sequence.count)
      default:
        // A byte that cannot be part of a sequence: report what came before it.
        return .key(.unknown(Array(bytes[start..<index])), length: index - start)
      }
    }
    return atEnd ? .key(.unknown(Array(bytes)), length: bytes.count) : .incomplete
  }

  private static func controlSequenceKey(final: UInt8, parameters: String) -> Key? {
    if parameters.hasPrefix("<") {
      guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
      return mouse(parameters.dropFirst(), isRelease: final == UInt8(ascii: "m"))
    }
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    let first = Int(fields[0])
    let key: Key
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "Z"): return fields.count == 1 ? .backTab : nil
    // F1–F4 with modifiers (`ESC [1;5P`).
    case UInt8(ascii: "P"): key = .function(1)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "R"): key = .function(3)
    case UInt8(ascii: "S"): key = .function(4)
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: key = .home
      case 3: key = .delete
      case 4, 8: key = .end
      case 5: key = .pageUp
      case 6: key = .pageDown
      // The VT220 numbers of F1–F12, with gaps at 16 and 22.
      case .some(let number) where (11...15).contains(number): key = .function(number - 10)
      case .some(let number) where (17...21).contains(number): key = .function(number - 11)
      case .some(let number) where (23...24).contains(number): key = .function(number - 12)
      default: return nil
      }
    default: return nil
    }
    guard fields.count > 1 else { return key }
    guard fields.count == 2, let parameter = Int(fields[1]), (1...16).contains(parameter) else {
      return nil
    }
    let modifiers = KeyModifiers(xtermParameter: parameter)
    return modifiers.isEmpty ? key : .modified(key, modifiers)
  }

  /// An SGR mouse report: `button;column;row` (1-based), pressed (`M`) or released (`m`).
  private static func mouse(_ parameters: Substring, isRelease: Bool) -> Key? {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
    guard fields.count == 3, let code = Int(fields[0]), let column = Int(fields[1]),
      let row = Int(fields[2]), code >= 0, column >= 1, row >= 1
    else { return nil }
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
    let button = buttons[code & 3]
    let action: MouseEvent.Action
    if code & 64 != 0 {
      guard !isRelease else { return nil }
      let wheel: [MouseEvent.Action] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
      action = wheel[code & 3]
    } else if code & 32 != 0 {
      action = button.map { .drag($0) } ?? .move
    } else if let button {
      action = isRelease ? .release(button) : .press(button)
    } else {
      return nil
    }
    return .mouse(MouseEvent(action, x: column - 1, y: row - 1, modifiers: modifiers))
  }

  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// A paste whose content starts at `contentStart`. The search for the end marker starts at
  /// `resume` when an earlier read already searched up to there.
  private mutating func paste(_ bytes: ArraySlice<UInt8>, contentStart: Int, resume: Int?)
    -> Step
  {
    let content = bytes[contentStart...]
    let searchFrom = max(contentStart, resume ?? contentStart)
    if let end = Self.firstPasteEnd(in: bytes[searchFrom...]) {
      let text = Self.pastedText(content[..<end])
      return .key(.paste(text), length: end + Self.pasteEnd.count - bytes.startIndex)
    }
    if content.count > Self.maximumPasteLength {
      return .key(.paste(Self.pastedText(content)), length: bytes.count)
    }
    // The next search starts where a marker cut by the end of this read could begin.
    pasteScanOffset = max(contentStart, bytes.endIndex - (Self.pasteEnd.count - 1))
    return .incomplete
  }

  /// Where the first end-of-paste marker in `bytes` starts.
  private static func firstPasteEnd(in bytes: ArraySlice<UInt8>) -> Int? {
    var from = bytes.startIndex
    while let escape = bytes[from...].firstIndex(of: 0x1B) {
      guard bytes.endIndex - escape >= pasteEnd.count else { return nil }
      if bytes[escape..<(escape + pasteEnd.count)].elementsEqual(pasteEnd) { return escape }
      from = escape + 1
    }
    return nil
  }

  /// Pasted bytes as text: line breaks (CR LF, CR) become "\n", invalid UTF-8 is dropped.
  private static func pastedText(_ bytes: ArraySlice<UInt8>) -> String {
    var normalised: [UInt8] = []
    normalised.reserveCapacity(bytes.count)
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == 0x0D {
        normalised.append(0x0A)
      } else if !(byte == 0x0A && previous == 0x0D) {
        normalised.append(byte)
      }
      previous = byte
    }
    return String(validating: normalised, as: UTF8.self) ?? validUTF8(normalised)
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
