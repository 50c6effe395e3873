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
  /// A function key, F1 to F12 (`.function(1)` for F1).
  case function(Int)
  /// Control plus a letter, lower case (`.control("c")` for Ctrl-C). Ctrl-H, I, J and M
  /// arrive as `.backspace`, `.tab` and `.enter`, because terminals send the same bytes.
  case control(Character)
  /// Text pasted while bracketed paste is on, delivered whole (line breaks as "\n").
  case paste(String)
  /// A sequence this parser does not know, with its raw bytes.
  case unknown([UInt8])
  /// A key pressed with Shift, Alt (Meta) or Control beside what the key itself carries:
  /// Alt-d is `.modified(.character("d"), .alt)`, Ctrl-Left `.modified(.left, .control)`.
  /// Build one with `Key.alt(_:)` or `Key.ctrl(_:)`.
  indirect case modified(Key, KeyModifiers)
  /// A mouse button, wheel or motion report (SGR mouse reporting).
  case mouse(MouseEvent)

  /// `key` pressed with Alt (or Meta, or typed after Esc within the escape timeout).
  public static func alt(_ key: Key) -> Key { .modified(key, .alt) }

  /// `key` pressed with Control, for keys that have no control character of their own
  /// (arrows, Home, End, Delete).
  public static func ctrl(_ key: Key) -> Key { .modified(key, .control) }

  /// The key without its modifiers.
  public var base: Key {
    if case .modified(let key, _) = self { return key.base }
    return self
  }

  /// The modifiers the key was pressed with (none for a plain key).
  public var modifiers: KeyModifiers {
    if case .modified(let key, let modifiers) = self { return modifiers.union(key.modifiers) }
    return []
  }
}

/// The modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: UInt8

  /// Creates the set from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt, Option or Meta.
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)

  /// The modifiers as an xterm modifier parameter encodes them (`1 +` the bits).
  init(xtermParameter: Int) {
    let bits = max(0, xtermParameter - 1)
    var modifiers: KeyModifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    self = modifiers
  }

  /// `Shift-`, `Alt-`, `Ctrl-` in that order.
  var prefix: String {
    (contains(.control) ? "Ctrl-" : "") + (contains(.alt) ? "Alt-" : "")
      + (contains(.shift) ? "Shift-" : "")
  }
}

/// A mouse report: what happened, at which cell (0-based), with which modifiers.
public struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    /// The left (primary) button.
    case left
    /// The middle button (or wheel click).
    case middle
    /// The right (secondary) button.
    case right
  }

  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button went up.
    case release(Button)
    /// The mouse moved with a button held (a drag).
    case drag(Button)
    /// The mouse moved with no button held (only with any-motion tracking).
    case move
    /// The wheel turned away from the user.
    case scrollUp
    /// The wheel turned towards the user.
    case scrollDown
    /// The wheel tilted left.
    case scrollLeft
    /// The wheel tilted right.
    case scrollRight
  }

  /// What happened.
  public var action: Action
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int
  /// The modifier keys held.
  public var modifiers: KeyModifiers

  /// Creates a report.
  public init(_ action: Action, x: Int, y: Int, modifiers: KeyModifiers = []) {
    self.action = action
    self.x = x
    self.y = y
    self.modifiers = modifiers
  }
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
    case .function(let number): "F\(number)"
    case .control(let letter): "Ctrl-\(letter.uppercased())"
    case .paste(let text): "Paste(\(text.debugDescription))"
    case .unknown(let bytes):
      "Unknown(\(bytes.map { String($0, radix: 16) }.joined(separator: " ")))"
    case .modified(let key, let modifiers): modifiers.prefix + key.description
    case .mouse(let event): "Mouse(\(event.action) at \(event.x),\(event.y))"
    }
  }
}
