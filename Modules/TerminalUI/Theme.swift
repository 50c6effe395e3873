/// The styles widgets draw with. Change a copy of `standard` to restyle an app.
///
/// Every state that matters (focus, selection, the cursor, disabled buttons) is told apart by
/// reverse, bold or text, never by colour alone, so screens stay usable with `NO_COLOR`.
public struct Theme: Sendable, Hashable {
  /// Ordinary text.
  public var text = Style.plain
  /// Less important text: placeholders, hints.
  public var secondary = Style.plain.dim()
  /// Box-drawing borders.
  public var border = Style.plain.foreground(.gray)
  /// Titles of boxes and dialogs.
  public var title = Style.plain.bold()
  /// The editable area of a text field.
  public var field = Style.plain.underlined()
  /// The cursor cell of a focused text field.
  public var cursor = Style.plain.reversed()
  /// A button that can be pressed.
  public var button = Style.plain
  /// The focused button.
  public var focusedButton = Style.plain.reversed().bold()
  /// A button that cannot be pressed.
  public var disabledButton = Style.plain.dim()
  /// The focused button when it cannot be pressed.
  public var focusedDisabledButton = Style.plain.reversed().dim()
  /// The selected row of a focused list.
  public var selection = Style.plain.reversed()
  /// The selected row of a list without focus.
  public var inactiveSelection = Style.plain.bold()
  /// The spinner's frame.
  public var spinner = Style.plain.foreground(.cyan)
  /// The status bar's background and action names.
  public var statusBar = Style.plain.reversed()
  /// Key names in the status bar.
  public var statusKey = Style.plain.reversed().bold()
  /// An informational banner.
  public var infoBanner = Style.plain.reversed().foreground(.blue)
  /// A warning banner.
  public var warningBanner = Style.plain.reversed().bold().foreground(.yellow)
  /// An error banner.
  public var errorBanner = Style.plain.reversed().bold().foreground(.red)

  /// Creates the standard theme.
  public init() {}

  /// The standard theme.
  public static let standard = Theme()
}
