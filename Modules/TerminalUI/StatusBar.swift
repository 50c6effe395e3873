/// A key and what it does, as shown in a status bar: `Enter open`.
public struct KeyHint: Sendable, Hashable {
  /// The key's name as shown: "↑↓", "Enter", "q".
  public var key: String
  /// What it does: "move", "open", "quit".
  public var action: String

  /// Creates a hint.
  public init(_ key: String, _ action: String) {
    self.key = key
    self.action = action
  }
}

/// A one-row bar of key hints (`↑↓ move  Enter open  Esc back  ? help  q quit`) with an
/// optional message at its right end.
///
/// When the row is too narrow, the trailing text goes first; then the hints are dropped from
/// the least important, which is taken to be the one just before the last two, so the last
/// two (help and quit, by the convention of the screens) stay. Only when those two do not fit
/// either are they cut with "…".
public struct StatusBar: Widget, Sendable, Hashable {
  /// The hints, left to right, the most important first but for the last two, which stay.
  public var hints: [KeyHint]
  /// Text at the right end (a status or a count), dropped first when space is short.
  public var trailing: String

  /// Creates a status bar.
  public init(hints: [KeyHint], trailing: String = "") {
    self.hints = hints
    self.trailing = trailing
  }

  /// Draws the bar across `rect`'s first row.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    guard !rect.isEmpty else { return }
    let row = rect.row(0)
    buffer.fill(row, style: theme.statusBar)
    var shown = hints
    var end = row.maxX
    if !trailing.isEmpty && Self.width(of: shown) + 2 + trailing.displayWidth + 1 <= row.width {
      end -= trailing.displayWidth + 1
      buffer.write(trailing, x: end, y: row.y, style: theme.statusBar)
    }
    while shown.count > 2 && Self.width(of: shown) > end - row.x {
      shown.remove(at: shown.count - 3)
    }
    var segments: [(text: String, style: Style)] = []
    for (index, hint) in shown.enumerated() {
      segments += [
        (index == 0 ? " " : "  ", theme.statusBar), (hint.key, theme.statusKey),
        (" " + hint.action, theme.statusBar),
      ]
    }
    let hintsWidth = Self.width(of: shown)
    let fits = hintsWidth <= end - row.x
    let limit = fits ? end : end - 1
    var x = row.x
    for segment in segments where x < limit {
      let shown = segment.text.prefix(toWidth: limit - x)
      x += buffer.write(shown, x: x, y: row.y, style: segment.style)
    }
    if !fits { buffer.write("…", x: x, y: row.y, style: theme.statusBar) }
  }

  /// The columns `hints` take: a space before the first, two between, "key action" each.
  static func width(of hints: [KeyHint]) -> Int {
    hints.enumerated().reduce(0) { total, item in
      total + (item.offset == 0 ? 1 : 2) + item.element.key.displayWidth + 1
        + item.element.action.displayWidth
    }
  }
}
