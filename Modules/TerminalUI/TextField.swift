/// A one-line text input with a cursor.
///
/// Keys: printable text and paste insert at the cursor; Backspace, Delete, Left, Right,
/// Home (Ctrl-A), End (Ctrl-E); Ctrl-U clears; Ctrl-K deletes to the end; by word, Alt-B and
/// Ctrl-Left move back, Alt-F and Ctrl-Right forward, Alt-Backspace deletes the word before
/// the cursor and Alt-D the word after it; Ctrl-W deletes back to the previous space (as in
/// a shell). Other Alt keys do nothing in a field (they are not typed, and not passed on).
/// A word is a run of letters and digits; in secure mode the whole text is one word, so
/// word moves do not reveal where a password has spaces or punctuation.
///
/// Text longer than the field scrolls so the cursor stays visible. In secure mode every
/// character shows as "•".
public struct TextField: Widget, Sendable, Hashable {
  /// The text.
  public var text: String {
    didSet { cursor = min(cursor, text.count) }
  }
  /// The cursor position, in graphemes from the start (0...text.count).
  public var cursor: Int {
    didSet { cursor = min(max(0, cursor), text.count) }
  }
  /// Shown dimmed while the text is empty.
  public var placeholder: String
  /// Whether characters are hidden behind "•".
  public var isSecure: Bool
  /// Whether the field has focus (draws the cursor).
  public var isFocused: Bool

  /// Creates a field with the cursor at the end of `text`.
  public init(
    text: String = "", placeholder: String = "", isSecure: Bool = false, isFocused: Bool = false
  ) {
    self.text = text
    self.cursor = text.count
    self.placeholder = placeholder
    self.isSecure = isSecure
    self.isFocused = isFocused
  }

  /// Applies an editing key; returns `true` when the key belongs to the field (even if the
  /// text did not change), `false` for keys such as Enter, Tab and Esc that the screen handles.
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .paste(let pasted): insert(pasted)
    case .backspace:
      guard cursor > 0 else { return true }
      cursor -= 1
      text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    case .delete:
      guard cursor < text.count else { return true }
      text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    case .left: cursor -= 1
    case .right: cursor += 1
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .control("u"): text = ""
    case .control("k"): deleteText(cursor..<text.count)
    case .control("w"): deleteText(startOfWord(before: cursor, separator: \.isWhitespace)..<cursor)
    case .alt(.character("b")), .ctrl(.left): cursor = startOfWord(before: cursor)
    case .alt(.character("f")), .ctrl(.right): cursor = endOfWord(after: cursor)
    case .alt(.backspace): deleteText(startOfWord(before: cursor)..<cursor)
    case .alt(.character("d")): deleteText(cursor..<endOfWord(after: cursor))
    case .modified(_, let modifiers) where modifiers.contains(.alt): break
    default: return false
    }
    return true
  }

  /// Removes the graphemes at `range` (offsets) and puts the cursor where they were.
  private mutating func deleteText(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
    let upper = text.index(lower, offsetBy: range.count)
    text.removeSubrange(lower..<upper)
    cursor = range.lowerBound
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// The start of the word before `offset`: back over separators, then over the word.
  private func startOfWord(
    before offset: Int, separator: (Character) -> Bool = { !TextField.isWordCharacter($0) }
  ) -> Int {
    if isSecure { return 0 }
    let characters = Array(text)
    var index = offset
    while index > 0 && separator(characters[index - 1]) { index -= 1 }
    while index > 0 && !separator(characters[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the word after `offset`: on over separators, then over the word.
  private func endOfWord(after offset: Int) -> Int {
    if isSecure { return text.count }
    let characters = Array(text)
    var index = offset
    while index < characters.count && !Self.isWordCharacter(characters[index]) { index += 1 }
    while index < characters.count && Self.isWordCharacter(characters[index]) { index += 1 }
    return index
  }

  /// Inserts `string` at the cursor (tabs and line breaks become spaces, other control
  /// characters are dropped) and moves the cursor after it.
  public mutating func insert(_ string: String) {
    let clean = String(
      string.compactMap { character -> Character? in
        if character == "\t" || character.isNewline { return " " }
        return character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
          ? nil : character
      })
    guard !clean.isEmpty else { return }
    let index = text.index(text.startIndex, offsetBy: cursor)
    let before = String(text[..<index]) + clean
    text = before + text[index...]
    // A combining mark merges into the grapheme before it, so count what the prefix became.
    cursor = before.count
  }

  /// Draws the text (or the placeholder) in the first row of `rect`; a focused field shows
  /// its cursor as a reversed cell.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    guard !rect.isEmpty else { return }
    let row = rect.row(0)
    buffer.fill(row, style: theme.field)
    if text.isEmpty {
      buffer.write(placeholder, in: row, style: theme.field.merging(theme.secondary))
      if isFocused { buffer.setStyle(theme.cursor, in: row.columns([.fixed(1)])[0]) }
      return
    }
    let shown = Array(isSecure ? String(repeating: "•", count: text.count) : text)
    // Scroll so the cursor (and the cell it needs at the end) fits.
    // Back from the cursor, so a long text costs time in proportion to its length.
    var first = cursor
    var used = 1
    while first > 0, used + shown[first - 1].displayWidth <= row.width {
      first -= 1
      used += shown[first].displayWidth
    }
    var x = row.x
    for (offset, character) in shown[first...].enumerated() {
      let width = character.displayWidth
      guard x + width <= row.maxX else { break }
      let isCursor = isFocused && first + offset == cursor
      buffer.put(character, x: x, y: row.y, style: isCursor ? theme.cursor : theme.field)
      x += width
    }
    if isFocused && cursor == shown.count && x < row.maxX {
      buffer.put(" ", x: x, y: row.y, style: theme.cursor)
    }
  }
}
