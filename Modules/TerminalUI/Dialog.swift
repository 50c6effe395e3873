/// A modal box centred over the screen: an alert with one button, or a confirmation with two.
///
/// Keys: Tab, Shift-Tab, Left and Right move between buttons; Enter (or Space) presses the
/// focused one; Esc cancels a confirmation and dismisses an alert; a click on a button
/// (`click(x:y:in:)`) presses it. The message is wrapped at
/// spaces to the box's width; what still does not fit is cut with "…".
public struct Dialog: Widget, Sendable, Hashable {
  /// What the user chose.
  public enum Outcome: Sendable, Hashable {
    /// An alert was acknowledged.
    case dismissed
    /// The confirm button was pressed.
    case confirmed
    /// The cancel button was pressed, or Esc.
    case cancelled
  }

  /// The title in the box's top edge.
  public var title: String
  /// The message; "\n" starts a new line.
  public var message: String
  /// The button labels: one for an alert, confirm then cancel for a confirmation.
  public private(set) var buttons: [String]
  /// The focused button's index.
  public var focusedButton: Int

  /// An alert: a message and one button.
  public static func alert(title: String, message: String, button: String = "OK") -> Dialog {
    Dialog(title: title, message: message, buttons: [button], focusedButton: 0)
  }

  /// A confirmation: a message, a confirm button and a cancel button (focused first, so a
  /// stray Enter does not confirm).
  public static func confirm(
    title: String, message: String, confirm: String = "OK", cancel: String = "Cancel"
  ) -> Dialog {
    Dialog(title: title, message: message, buttons: [confirm, cancel], focusedButton: 1)
  }

  /// Whether this dialog asks to confirm (two buttons) rather than alerts.
  public var isConfirmation: Bool { buttons.count == 2 }

  /// Handles a key; returns the outcome when the dialog is finished, `nil` otherwise.
  public mutating func handle(_ key: Key) -> Outcome? {
    switch key {
    case .tab, .right, .backTab, .left:
      if isConfirmation { focusedButton = 1 - focusedButton }
      return nil
    case .enter, .character(" "):
      if !isConfirmation { return .dismissed }
      return focusedButton == 0 ? .confirmed : .cancelled
    case .escape:
      return isConfirmation ? .cancelled : .dismissed
    default:
      return nil
    }
  }

  /// The outcome of a click at column `x`, row `y` when the dialog is drawn in `rect`: a
  /// click on a button presses it; anywhere else it does nothing (`nil`).
  public func click(x: Int, y: Int, in rect: Rect) -> Outcome? {
    guard let index = buttonFrames(in: rect).firstIndex(where: { $0.contains(x: x, y: y) })
    else { return nil }
    if !isConfirmation { return .dismissed }
    return index == 0 ? .confirmed : .cancelled
  }

  /// Where each button is drawn when the dialog is drawn in `rect`.
  private func buttonFrames(in rect: Rect) -> [Rect] {
    let inside = frame(in: rect).inset(by: 1).inset(left: 1, right: 1)
    let labels = buttonLabels
    let total = labels.map(\.displayWidth).reduce(0, +) + 2 * (labels.count - 1)
    var x = inside.x + max(0, (inside.width - total) / 2)
    var frames: [Rect] = []
    for label in labels {
      let width = min(label.displayWidth, max(0, inside.maxX - x))
      frames.append(Rect(x: x, y: inside.maxY - 1, width: width, height: 1))
      x += width + 2
    }
    return frames
  }

  /// The box drawn for a screen area `rect`: wide enough for the text (at most the area less
  /// two columns each side), centred.
  public func frame(in rect: Rect) -> Rect {
    let buttonsWidth = buttonLabels.map(\.displayWidth).reduce(0, +) + 2 * (buttons.count - 1)
    let textWidth = message.split(separator: "\n").map(\.displayWidth).max() ?? 0
    let wanted = max(textWidth, buttonsWidth, title.displayWidth + 2) + 4
    let width = min(max(wanted, 24), max(0, rect.width - 4), 60)
    let lines = Self.wrap(message, width: width - 4)
    return rect.centered(width: width, height: lines.count + 5)
  }

  /// Clears the box area and draws the border, title, message and buttons.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    let box = frame(in: rect)
    guard box.width >= 6, box.height >= 4 else { return }
    buffer.fill(box)
    let inside = buffer.drawBorder(
      box, title: title, style: theme.border, titleStyle: theme.title
    ).inset(left: 1, right: 1)
    let lines = Self.wrap(message, width: inside.width)
    let messageRows = max(0, inside.height - 3)
    for (index, line) in lines.prefix(messageRows).enumerated() {
      let text = index == messageRows - 1 && lines.count > messageRows ? line + " …" : line
      buffer.write(text, in: inside.row(1 + index), style: theme.text)
    }
    for (index, (label, button)) in zip(buttonLabels, buttonFrames(in: rect)).enumerated() {
      let style = index == focusedButton ? theme.focusedButton : theme.button
      buffer.write(label, x: button.x, y: button.y, maxWidth: button.width, style: style)
    }
  }

  private var buttonLabels: [String] { buttons.map { "[ \($0) ]" } }

  /// Breaks `text` into lines of at most `width` columns (see `wrapped(toWidth:)`).
  static func wrap(_ text: String, width: Int) -> [String] {
    text.wrapped(toWidth: width)
  }
}
