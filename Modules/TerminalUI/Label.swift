/// One line of text, cut with "…" when it does not fit.
public struct Label: Widget, Sendable, Hashable {
  /// The text.
  public var text: String
  /// Where the text sits in its row.
  public var alignment: Alignment
  /// The style; `nil` uses the theme's text style.
  public var style: Style?

  /// Creates a label.
  public init(_ text: String, alignment: Alignment = .leading, style: Style? = nil) {
    self.text = text
    self.alignment = alignment
    self.style = style
  }

  /// Draws the text in the first row of `rect`.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    buffer.write(text, in: rect, alignment: alignment, style: style ?? theme.text)
  }
}
