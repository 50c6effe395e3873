import TerminalUI

extension Theme {
  /// Something failed ("Login failed: …"): bold, red where colour is allowed.
  var failure: Style { Style.plain.bold().foreground(.red) }
  /// Something worked ("We sent a reset link …"): bold, green where colour is allowed.
  var success: Style { Style.plain.bold().foreground(.green) }
}

extension ScreenBuffer {
  /// Draws a titled box of at most `width` by `height` cells centred in `rect`, and returns
  /// the area inside it less a margin of two columns on each side.
  mutating func drawPanel(
    in rect: Rect, width: Int, height: Int, title: String, theme: Theme
  ) -> Rect {
    let box = rect.centered(width: width, height: height)
    return drawBorder(box, title: title, style: theme.border, titleStyle: theme.title)
      .inset(left: 2, right: 2)
  }
}
