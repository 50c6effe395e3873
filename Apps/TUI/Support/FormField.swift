import ReactiveCore
import TerminalUI

/// A labelled text field whose text feeds a view model: every edit is accepted into `text`.
@MainActor
final class FormField {
  /// The label drawn before the field.
  let label: String
  /// The field's widget state.
  private(set) var widget: TextField
  /// The text, each time it changes: a view model's input.
  let text = BehaviorRelay(value: "")
  /// A message drawn under the field (a validation problem), if any.
  var message: String?

  /// Creates an empty field.
  init(label: String, placeholder: String, isSecure: Bool = false) {
    self.label = label
    widget = TextField(placeholder: placeholder, isSecure: isSecure)
  }

  /// The text now.
  var value: String { widget.text }

  /// Applies an editing key; returns whether the field used it.
  func handle(_ key: Key) -> Bool {
    let before = widget.text
    let used = widget.handle(key)
    if widget.text != before { text.accept(widget.text) }
    return used
  }

  /// Replaces the text (cursor at the end) and reports it.
  func set(_ value: String) {
    widget.text = value
    widget.cursor = value.count
    text.accept(value)
  }

  /// Draws the label in `labelWidth` columns, then the field, on `rect`'s first row.
  func render(
    into buffer: inout ScreenBuffer, rect: Rect, labelWidth: Int, isFocused: Bool, theme: Theme
  ) {
    let parts = rect.row(0).columns([.fixed(labelWidth), .fill])
    buffer.write(label, in: parts[0], style: isFocused ? theme.title : theme.text)
    var field = widget
    field.isFocused = isFocused
    field.render(into: &buffer, rect: parts[1], theme: theme)
  }
}
