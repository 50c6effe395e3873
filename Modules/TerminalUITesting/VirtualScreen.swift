import TerminalUI

/// A small terminal emulator: it interprets the bytes a program writes (text, cursor moves,
/// erasing, colours, the alternate screen) into a grid of cells, so tests can read the
/// screen a user would see.
///
/// It understands what `Renderer` and `TTYTerminal` write plus the common xterm basics;
/// other sequences are skipped.
public struct VirtualScreen: Sendable {
  /// The visible grid (main or alternate screen, whichever is active).
  public var buffer: ScreenBuffer { isAlternateScreen ? alternate : main }
  /// Cursor column (0-based).
  public private(set) var cursorX = 0
  /// Cursor row (0-based).
  public private(set) var cursorY = 0
  /// The style applied to text written next.
  public private(set) var style = Style.plain
  /// Whether the alternate screen is shown.
  public private(set) var isAlternateScreen = false
  /// Whether the cursor is shown.
  public private(set) var isCursorVisible = true
  /// Whether bracketed paste was requested.
  public private(set) var isBracketedPasteEnabled = false
  /// Whether text wraps after the last column.
  public private(set) var isAutowrapEnabled = true
  /// Whether SGR mouse reporting (buttons, drags and the wheel) was requested.
  public var isMouseReportingEnabled: Bool {
    mouseModes.contains(1006) && mouseModes.contains(1000)
  }

  private var mouseModes: Set<Int> = []

  private var main: ScreenBuffer
  private var alternate: ScreenBuffer
  private var pendingWrap = false
  private var savedCursor = (x: 0, y: 0)
  private var pending: [UInt8] = []

  /// Creates a blank screen of `size`.
  public init(size: TerminalSize) {
    main = ScreenBuffer(size: size)
    alternate = ScreenBuffer(size: size)
  }

  /// The screen's size.
  public var size: TerminalSize { main.size }

  /// Changes the size, keeping what fits of both screens.
  public mutating func resize(to size: TerminalSize) {
    main = Self.copy(main, into: size)
    alternate = Self.copy(alternate, into: size)
    cursorX = min(cursorX, max(0, size.width - 1))
    cursorY = min(cursorY, max(0, size.height - 1))
    pendingWrap = false
  }

  /// Interprets `bytes`. A sequence or character cut at the end is completed by the next call.
  public mutating func consume(_ bytes: some Sequence<UInt8>) {
    pending.append(contentsOf: bytes)
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      let length: Int?
      switch byte {
      case 0x1B: length = escape(from: index)
      case 0x00..<0x20, 0x7F:
        control(byte)
        length = 1
      default: length = text(from: index)
      }
      guard let length else { break }
      index += length
    }
    pending.removeFirst(index)
  }

  // MARK: - Text

  /// The valid UTF-8 in `bytes` as text; invalid bytes are dropped, as a terminal would.
  private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String {
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

  /// Draws the run of text starting at `start`; `nil` when it ends in an unfinished character.
  private mutating func text(from start: Int) -> Int? {
    var end = start
    while end < pending.count, pending[end] >= 0x20, pending[end] != 0x7F { end += 1 }
    var complete = end
    // Leave an unfinished UTF-8 character at the end for the next call.
    if end == pending.count, let lead = pending[start..<end].lastIndex(where: { $0 & 0xC0 != 0x80 })
    {
      let needed =
        switch pending[lead] {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
      if end - lead < needed { complete = lead }
    }
    if complete == start { return end == pending.count ? nil : end - start }
    for character in Self.validUTF8(pending[start..<complete]) { draw(character) }
    return complete - start
  }

  private mutating func draw(_ character: Character) {
    let width = character.displayWidth
    if width == 0 {
      appendToPreviousCell(character)
      return
    }
    if pendingWrap || (width == 2 && cursorX + 1 >= size.width && isAutowrapEnabled) {
      if isAutowrapEnabled { newLine(carriageReturn: true) }
      pendingWrap = false
    }
    let (x, y, style) = (min(cursorX, max(0, size.width - width)), cursorY, style)
    modify { $0.put(character, x: x, y: y, style: style) }
    if x + width >= size.width {
      cursorX = max(0, size.width - 1)
      pendingWrap = isAutowrapEnabled
    } else {
      cursorX = x + width
    }
  }

  private mutating func appendToPreviousCell(_ character: Character) {
    var x = pendingWrap ? cursorX : cursorX - 1
    guard x >= 0, cursorY < size.height else { return }
    if buffer[x, cursorY].isContinuation { x -= 1 }
    guard x >= 0, let base = buffer[x, cursorY].character else { return }
    let combined = String(base) + String(character)
    guard combined.count == 1, let merged = combined.first else { return }
    let (column, row, cellStyle) = (x, cursorY, buffer[x, cursorY].style)
    modify { $0.put(merged, x: column, y: row, style: cellStyle) }
  }

  // MARK: - Controls

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x0D:
      cursorX = 0
      pendingWrap = false
    case 0x0A, 0x0B, 0x0C: newLine(carriageReturn: false)
    case 0x08:
      cursorX = max(0, cursorX - 1)
      pendingWrap = false
    case 0x09:
      cursorX = min(max(0, size.width - 1), (cursorX / 8 + 1) * 8)
    default: break
    }
  }

  private mutating func newLine(carriageReturn: Bool) {
    if carriageReturn { cursorX = 0 }
    pendingWrap = false
    if cursorY + 1 < size.height {
      cursorY += 1
    } else {
      scrollUp()
    }
  }

  private mutating func scrollUp() {
    let old = buffer
    var scrolled = ScreenBuffer(size: size)
    for y in 1..<max(1, size.height) {
      for x in 0..<size.width where !old[x, y].isContinuation {
        if let character = old[x, y].character {
          scrolled.put(character, x: x, y: y - 1, style: old[x, y].style)
        }
      }
    }
    modify { $0 = scrolled }
  }

  // MARK: - Escape sequences

  /// Handles the escape sequence at `start`; `nil` when it is unfinished.
  private mutating func escape(from start: Int) -> Int? {
    guard start + 1 < pending.count else { return nil }
    switch pending[start + 1] {
    case UInt8(ascii: "["):
      var index = start + 2
      while index < pending.count {
        let byte = pending[index]
        if (0x40...0x7E).contains(byte) {
          let parameters = String(decoding: pending[(start + 2)..<index], as: UTF8.self)
          controlSequence(final: byte, parameters: parameters)
          return index + 1 - start
        }
        if !(0x20...0x3F).contains(byte) { return index - start }
        index += 1
      }
      return nil
    case UInt8(ascii: "]"):
      // Operating system command: skip to BEL or ESC \.
      var index = start + 2
      while index < pending.count {
        if pending[index] == 0x07 { return index + 1 - start }
        if pending[index] == 0x1B {
          guard index + 1 < pending.count else { return nil }
          return index + 2 - start
        }
        index += 1
      }
      return nil
    case UInt8(ascii: "7"):
      savedCursor = (cursorX, cursorY)
      return 2
    case UInt8(ascii: "8"):
      (cursorX, cursorY) = savedCursor
      return 2
    default:
      return 2
    }
  }

  private mutating func controlSequence(final: UInt8, parameters: String) {
    let isPrivate = parameters.hasPrefix("?")
    let numbers = parameters.drop { $0 == "?" }
      .split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    func number(_ index: Int, default value: Int) -> Int {
      index < numbers.count ? (numbers[index] ?? value) : value
    }
    if final != UInt8(ascii: "m") { pendingWrap = false }
    switch final {
    case UInt8(ascii: "H"), UInt8(ascii: "f"):
      moveTo(x: number(1, default: 1) - 1, y: number(0, default: 1) - 1)
    case UInt8(ascii: "A"): moveTo(x: cursorX, y: cursorY - max(1, number(0, default: 1)))
    case UInt8(ascii: "B"): moveTo(x: cursorX, y: cursorY + max(1, number(0, default: 1)))
    case UInt8(ascii: "C"): moveTo(x: cursorX + max(1, number(0, default: 1)), y: cursorY)
    case UInt8(ascii: "D"): moveTo(x: cursorX - max(1, number(0, default: 1)), y: cursorY)
    case UInt8(ascii: "G"): moveTo(x: number(0, default: 1) - 1, y: cursorY)
    case UInt8(ascii: "d"): moveTo(x: cursorX, y: number(0, default: 1) - 1)
    case UInt8(ascii: "J"): eraseDisplay(number(0, default: 0))
    case UInt8(ascii: "K"): eraseLine(number(0, default: 0))
    case UInt8(ascii: "m"): selectGraphicRendition(numbers.map { $0 ?? 0 })
    case UInt8(ascii: "h") where isPrivate:
      for mode in numbers { setMode(mode ?? 0, on: true) }
    case UInt8(ascii: "l") where isPrivate:
      for mode in numbers { setMode(mode ?? 0, on: false) }
    default: break
    }
  }

  private mutating func moveTo(x: Int, y: Int) {
    cursorX = min(max(0, x), max(0, size.width - 1))
    cursorY = min(max(0, y), max(0, size.height - 1))
  }

  private mutating func eraseDisplay(_ mode: Int) {
    let (y, width, height) = (cursorY, size.width, size.height)
    switch mode {
    case 0:
      eraseLine(0)
      modify { $0.fill(Rect(x: 0, y: y + 1, width: width, height: height - y - 1)) }
    case 1:
      eraseLine(1)
      modify { $0.fill(Rect(x: 0, y: 0, width: width, height: y)) }
    default:
      modify { $0.clear() }
    }
  }

  private mutating func eraseLine(_ mode: Int) {
    let (x, y) = (cursorX, cursorY)
    let width = size.width
    switch mode {
    case 0: modify { $0.fill(Rect(x: x, y: y, width: width - x, height: 1)) }
    case 1: modify { $0.fill(Rect(x: 0, y: y, width: x + 1, height: 1)) }
    default: modify { $0.fill(Rect(x: 0, y: y, width: width, height: 1)) }
    }
  }

  private mutating func setMode(_ mode: Int, on: Bool) {
    switch mode {
    case 25: isCursorVisible = on
    case 7: isAutowrapEnabled = on
    case 2004: isBracketedPasteEnabled = on
    case 1000, 1002, 1006:
      if on { mouseModes.insert(mode) } else { mouseModes.remove(mode) }
    case 1049 where on != isAlternateScreen:
      if on {
        savedCursor = (cursorX, cursorY)
        alternate = ScreenBuffer(size: size)
      } else {
        (cursorX, cursorY) = savedCursor
      }
      isAlternateScreen = on
    default: break
    }
  }

  private mutating func selectGraphicRendition(_ codes: [Int]) {
    var index = 0
    let codes = codes.isEmpty ? [0] : codes
    while index < codes.count {
      let code = codes[index]
      switch code {
      case 0: style = .plain
      case 1: style.isBold = true
      case 2: style.isDim = true
      case 4: style.isUnderlined = true
      case 7: style.isReversed = true
      case 22:
        style.isBold = false
        style.isDim = false
      case 24: style.isUnderlined = false
      case 27: style.isReversed = false
      case 30...37: style.foreground = .standard(code - 30)
      case 39: style.foreground = nil
      case 40...47: style.background = .standard(code - 40)
      case 49: style.background = nil
      case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
      case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
      case 38, 48:
        let (color, used) = Self.extendedColor(codes, after: index)
        if code == 38 { style.foreground = color } else { style.background = color }
        index += used
      default: break
      }
      index += 1
    }
  }

  /// Reads `5;n` or `2;r;g;b` after a 38/48 code; returns the colour and the codes it used.
  private static func extendedColor(_ codes: [Int], after index: Int) -> (Color?, Int) {
    func byte(_ offset: Int) -> UInt8? {
      index + offset < codes.count ? UInt8(clamping: codes[index + offset]) : nil
    }
    switch byte(1) {
    case 5: return (byte(2).map(Color.indexed), 2)
    case 2:
      guard let r = byte(2), let g = byte(3), let b = byte(4) else { return (nil, 4) }
      return (.rgb(r, g, b), 4)
    default: return (nil, 1)
    }
  }

  // MARK: - Helpers

  private mutating func modify(_ change: (inout ScreenBuffer) -> Void) {
    if isAlternateScreen { change(&alternate) } else { change(&main) }
  }

  private static func copy(_ old: ScreenBuffer, into size: TerminalSize) -> ScreenBuffer {
    var resized = ScreenBuffer(size: size)
    for y in 0..<min(old.height, size.height) {
      for x in 0..<min(old.width, size.width) {
        if let character = old[x, y].character {
          resized.put(character, x: x, y: y, style: old[x, y].style)
        }
      }
    }
    return resized
  }
}
