import TerminalUI

/// The `?` overlay: the keys of the screen on top, then the keys that work everywhere.
struct HelpOverlay: Widget {
  /// The keys that work on every screen.
  static let globalKeys = [
    KeyHint("↑ ↓", "move"),
    KeyHint("PgUp", "a page up (PgDn: down)"),
    KeyHint("Home", "the first row (End: the last)"),
    KeyHint("Click", "choose (twice: open)"),
    KeyHint("Wheel", "scroll"),
    KeyHint("Tab", "next field (Shift-Tab: previous)"),
    KeyHint("Enter", "open, press, save"),
    KeyHint("Esc", "back (in a field: leave it)"),
    KeyHint("? F1", "this help (in a field: F1)"),
    KeyHint("q", "quit (in a field: Ctrl-C)"),
  ]

  /// The title of the screen on top.
  var screenTitle: String
  /// That screen's own keys.
  var screenKeys: [KeyHint]
  /// The first line shown, when the lines do not fit.
  var scrollOffset = 0

  private typealias Line = (key: String, text: String, isHeading: Bool)

  private var lines: [Line] {
    var lines: [Line] = []
    if !screenKeys.isEmpty {
      lines.append(("", screenTitle, true))
      lines += screenKeys.map { ($0.key, $0.action, false) }
      lines.append(("", "", false))
    }
    lines.append(("", "Everywhere", true))
    lines += Self.globalKeys.map { ($0.key, $0.action, false) }
    return lines
  }

  /// Keeps `scrollOffset` within what a box in `height` rows can scroll.
  mutating func clampScroll(toHeight height: Int) {
    let visible = max(1, min(lines.count, height - 2))
    scrollOffset = min(max(0, scrollOffset), lines.count - visible)
  }

  /// Draws a box centred in `rect` listing the keys, from `scrollOffset` on, with "↑ more"
  /// and "↓ more" in the border where lines are hidden.
  func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    let lines = lines
    let keyWidth = (lines.map(\.key.displayWidth).max() ?? 0) + 2
    let textWidth =
      lines.map { $0.isHeading ? $0.text.displayWidth : keyWidth + 2 + $0.text.displayWidth }.max()
      ?? 0
    let box = rect.centered(width: textWidth + 4, height: lines.count + 2)
    buffer.fill(box.inset(left: -1, right: -1))
    let inside = buffer.drawBorder(
      box, title: "Keys", style: theme.border, titleStyle: theme.title
    ).inset(left: 1, right: 1)
    let offset = min(max(0, scrollOffset), max(0, lines.count - inside.height))
    if offset > 0 {
      buffer.write(
        " ↑ more ", in: Rect(x: box.x + box.width - 10, y: box.y, width: 8, height: 1),
        style: theme.border)
    }
    if offset + inside.height < lines.count {
      buffer.write(
        " ↓ more ",
        in: Rect(x: box.x + box.width - 10, y: box.y + box.height - 1, width: 8, height: 1),
        style: theme.border)
    }
    for (index, line) in lines.dropFirst(offset).prefix(inside.height).enumerated() {
      let row = inside.row(index)
      if line.isHeading {
        buffer.write(line.text, in: row, style: theme.title)
      } else if !line.key.isEmpty {
        let parts = row.columns([.fixed(2), .fixed(keyWidth), .fill])
        buffer.write(line.key, in: parts[1], style: theme.title)
        buffer.write(line.text, in: parts[2], style: theme.text)
      }
    }
  }
}
