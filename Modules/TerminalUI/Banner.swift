/// A one-row message across the screen, such as "Not logged in".
public struct Banner: Widget, Sendable, Hashable {
  /// How urgent the message is; it selects the theme's style.
  public enum Kind: Sendable, Hashable {
    /// Information.
    case info
    /// Something the user should know about.
    case warning
    /// Something failed.
    case error
  }

  /// The message.
  public var text: String
  /// How urgent it is.
  public var kind: Kind
  /// Where the text sits in the row.
  public var alignment: Alignment

  /// Creates a banner.
  public init(_ text: String, kind: Kind = .info, alignment: Alignment = .center) {
    self.text = text
    self.kind = kind
    self.alignment = alignment
  }

  /// Fills `rect`'s first row with the kind's style and writes the message in it.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    let row = rect.row(0)
    let style =
      switch kind {
      case .info: theme.infoBanner
      case .warning: theme.warningBanner
      case .error: theme.errorBanner
      }
    buffer.fill(row, style: style)
    buffer.write(text, in: row.inset(left: 1, right: 1), alignment: alignment, style: style)
  }
}
