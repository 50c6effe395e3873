/// A grid of cells: one frame of the screen, drawn by widgets and handed to a `Renderer`.
///
/// A wide grapheme (CJK, emoji) occupies its cell and a continuation cell to its right; the
/// buffer keeps that pairing intact when either half is overwritten. Text never wraps: what
/// does not fit is cut with "…".
public struct ScreenBuffer: Hashable, Sendable {
  /// Number of columns.
  public let width: Int
  /// Number of rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]

  /// Creates a buffer of `width` by `height` blank cells.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// Creates a blank buffer covering a terminal of `size`.
  public init(size: TerminalSize) {
    self.init(width: size.width, height: size.height)
  }

  /// The buffer's size.
  public var size: TerminalSize { TerminalSize(width: width, height: height) }

  /// The rectangle covering the whole buffer.
  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; a blank cell outside the buffer.
  public subscript(x: Int, y: Int) -> Cell {
    contains(x: x, y: y) ? cells[y * width + x] : .blank
  }

  /// The rows as text, each exactly `width` columns wide (wide graphemes count twice).
  public var lines: [String] {
    (0..<height).map { y in
      String(cells[y * width..<(y + 1) * width].compactMap(\.character))
    }
  }

  /// Draws one grapheme at (`x`, `y`) and returns the columns it took (0 when it is
  /// zero-width or outside the buffer). A wide grapheme that does not fit before the right
  /// edge is drawn as a space.
  @discardableResult
  public mutating func put(_ character: Character, x: Int, y: Int, style: Style = .plain) -> Int {
    let width = character.displayWidth
    guard width > 0, contains(x: x, y: y) else { return 0 }
    if width == 2 && x + 1 >= self.width {
      return put(" ", x: x, y: y, style: style)
    }
    detachWide(x: x, y: y)
    if width == 2 { detachWide(x: x + 1, y: y) }
    cells[y * self.width + x] = Cell(character, style: style)
    if width == 2 { cells[y * self.width + x + 1] = Cell(nil, style: style) }
    return width
  }

  /// Writes `text` on row `y` from column `x`, cut with "…" to `maxWidth` columns (and to the
  /// buffer's edge), and returns the columns written. Tabs and newlines become spaces; other
  /// control characters are shown escaped (`\u{1B}`), and lone zero-width characters are
  /// dropped.
  @discardableResult
  public mutating func write(
    _ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain
  ) -> Int {
    guard y >= 0, y < height, x < width else { return 0 }
    let available = min(maxWidth ?? Int.max, width - max(0, x))
    let visible = Self.sanitized(text).truncated(toWidth: available)
    var column = x
    for character in visible {
      let w = character.displayWidth
      if column >= 0 { put(character, x: column, y: y, style: style) }
      column += w
    }
    return column - x
  }

  /// Writes `text` within `rect`'s first row, aligned as asked, and returns the columns written.
  @discardableResult
  public mutating func write(
    _ text: String, in rect: Rect, alignment: Alignment = .leading, style: Style = .plain
  ) -> Int {
    guard !rect.isEmpty else { return 0 }
    let width = min(Self.sanitized(text).displayWidth, rect.width)
    let x =
      switch alignment {
      case .leading: rect.x
      case .center: rect.x + (rect.width - width) / 2
      case .trailing: rect.maxX - width
      }
    return write(text, x: x, y: rect.y, maxWidth: rect.maxX - x, style: style)
  }

  /// Fills `rect` (clipped to the buffer) with `character` in `style`.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    let step = max(1, character.displayWidth)
    for y in area.y..<area.maxY {
      var x = area.x
      while x + step <= area.maxX {
        put(character, x: x, y: y, style: style)
        x += step
      }
    }
  }

  /// Changes the style of every cell in `rect`, keeping the characters.
  public mutating func setStyle(_ style: Style, in rect: Rect) {
    let area = rect.intersection(bounds)
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX { cells[y * width + x].style = style }
    }
  }

  /// Resets every cell to blank.
  public mutating func clear() {
    cells = Array(repeating: .blank, count: width * height)
  }

  private func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height
  }

  /// Before (x, y) is overwritten, blanks the other half of a wide grapheme it belongs to.
  private mutating func detachWide(x: Int, y: Int) {
    let index = y * width + x
    if cells[index].isContinuation, x > 0 {
      cells[index - 1].character = " "
    } else if x + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1].character = " "
    }
  }

  /// Text as it can be drawn: tabs and newlines as spaces, every other character that could
  /// control the terminal shown escaped as visible text (`\u{1B}` for ESC, see
  /// `escapingControlCharacters()`), no other zero-width graphemes. Data drawn on the screen
  /// (names, messages, typed text) can therefore never write an escape sequence to the terminal.
  static func sanitized(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "\t" || character.isNewline {
        result.append(" ")
      } else if character.unicodeScalars.contains(where: \.isTerminalControl) {
        result += String(character).escapingControlCharacters()
      } else if character.displayWidth > 0 {
        result.append(character)
      }
    }
    return result
  }
}

/// Where text sits within a wider area.
public enum Alignment: Sendable, Hashable {
  /// Against the left edge.
  case leading
  /// In the middle (leaning left by half a cell when it cannot be exact).
  case center
  /// Against the right edge.
  case trailing
}
