/// How a cell looks: colours and attributes.
///
/// Build styles by chaining: `Style.plain.bold().foreground(.red)`.
public struct Style: Hashable, Sendable {
  /// The text colour; `nil` is the terminal's default.
  public var foreground: Color?
  /// The background colour; `nil` is the terminal's default.
  public var background: Color?
  /// Bold (or bright) text.
  public var isBold: Bool
  /// Faint text.
  public var isDim: Bool
  /// Underlined text.
  public var isUnderlined: Bool
  /// Foreground and background swapped.
  public var isReversed: Bool

  /// Creates a style; every attribute is off by default.
  public init(
    foreground: Color? = nil, background: Color? = nil, isBold: Bool = false,
    isDim: Bool = false, isUnderlined: Bool = false, isReversed: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.isBold = isBold
    self.isDim = isDim
    self.isUnderlined = isUnderlined
    self.isReversed = isReversed
  }

  /// The terminal's default look: no colours, no attributes.
  public static let plain = Style()

  /// This style with bold text.
  public func bold() -> Style { with { $0.isBold = true } }
  /// This style with faint text.
  public func dim() -> Style { with { $0.isDim = true } }
  /// This style with underlined text.
  public func underlined() -> Style { with { $0.isUnderlined = true } }
  /// This style with foreground and background swapped.
  public func reversed() -> Style { with { $0.isReversed = true } }
  /// This style with the text colour `color`.
  public func foreground(_ color: Color?) -> Style { with { $0.foreground = color } }
  /// This style with the background colour `color`.
  public func background(_ color: Color?) -> Style { with { $0.background = color } }

  /// This style as drawn in `mode`: without colour, the colours go and every attribute
  /// (bold, dim, underline, reverse) stays, as no-color.org asks.
  public func adapted(to mode: ColorMode) -> Style {
    switch mode {
    case .color: self
    case .noColor:
      Style(isBold: isBold, isDim: isDim, isUnderlined: isUnderlined, isReversed: isReversed)
    }
  }

  private func with(_ change: (inout Style) -> Void) -> Style {
    var copy = self
    change(&copy)
    return copy
  }
}

/// Whether the renderer may use colours.
///
/// The caller decides; `ColorMode(environment:)` applies the usual rule (`NO_COLOR` set and
/// non-empty, or `TERM=dumb`, means no colour).
public enum ColorMode: Sendable, Hashable {
  /// Colours and every attribute are drawn.
  case color
  /// Colours are dropped; bold, dim, underline and reverse remain, so focus, selection and
  /// placeholders stay visible.
  case noColor

  /// The mode the environment asks for: `.noColor` when `NO_COLOR` is set to a non-empty
  /// value or `TERM` is `dumb`, else `.color`.
  public init(environment: [String: String]) {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    self = noColor ? .noColor : .color
  }
}

extension Style {
  /// This style with the attributes and colours of `other` added on top.
  public func merging(_ other: Style) -> Style {
    Style(
      foreground: other.foreground ?? foreground, background: other.background ?? background,
      isBold: isBold || other.isBold, isDim: isDim || other.isDim,
      isUnderlined: isUnderlined || other.isUnderlined, isReversed: isReversed || other.isReversed)
  }
}
