/// One key press (or paste) read from the terminal.
public enum Key: Hashable, Sendable {
  /// Printable text: one grapheme.
  case character(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Enter or Return.
  case enter
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Forward delete.
  case delete
  /// Escape on its own.
  case escape
  /// Control plus a letter, lower case (`.control("c")` for Ctrl-C). Ctrl-H, I, J and M
  /// arrive as `.backspace`, `.tab` and `.enter`, because terminals send the same bytes.
  case control(Character)
  /// Text pasted while bracketed paste is on, delivered whole (line breaks as "\n").
  case paste(String)
  /// A sequence this parser does not know, with its raw bytes.
  case unknown([UInt8])
}

extension Key: CustomStringConvertible {
  /// A readable name: `a`, `Up`, `Ctrl-C`, `Paste("…")`.
  public var description: String {
    switch self {
    case .character(let character): String(character)
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .enter: "Enter"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .escape: "Esc"
    case .control(let letter): "Ctrl-\(letter.uppercased())"
    case .paste(let text): "Paste(\(text.debugDescription))"
    case .unknown(let bytes):
      "Unknown(\(bytes.map { String($0, radix: 16) }.joined(separator: " ")))"
    }
  }
}
