/// A push button: `[ Title ]` when enabled, `( Title )` dimmed when disabled, reversed
/// when focused (bold too when enabled, dim when disabled).
public struct Button: Widget, Sendable, Hashable {
  /// The label.
  public var title: String
  /// Whether the button can be pressed.
  public var isEnabled: Bool
  /// Whether the button has focus.
  public var isFocused: Bool

  /// Creates a button.
  public init(_ title: String, isEnabled: Bool = true, isFocused: Bool = false) {
    self.title = title
    self.isEnabled = isEnabled
    self.isFocused = isFocused
  }

  /// The text drawn: the title in brackets that show whether the button is enabled.
  public var label: String { isEnabled ? "[ \(title) ]" : "( \(title) )" }

  /// The columns the button needs.
  public var width: Int { label.displayWidth }

  /// Returns `true` when `key` presses the button (Enter or Space while enabled).
  public func handle(_ key: Key) -> Bool {
    isEnabled && (key == .enter || key == .character(" "))
  }

  /// Draws the label at the start of `rect`'s first row. Focus shows on a disabled button
  /// too (reversed and dim), so the user always sees where Tab went.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    let style =
      switch (isEnabled, isFocused) {
      case (true, true): theme.focusedButton
      case (true, false): theme.button
      case (false, true): theme.focusedDisabledButton
      case (false, false): theme.disabledButton
      }
    buffer.write(label, in: rect, style: style)
  }
}
