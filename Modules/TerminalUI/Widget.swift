/// Something that draws itself into a rectangle of a screen buffer.
///
/// Widgets are plain values: their state is stored properties, `render` is a pure function of
/// that state, and key handling is a `mutating` method. Nothing holds a reference to the
/// screen, so bindings can rebuild or update widgets freely.
public protocol Widget {
  /// Draws the widget within `rect` (never outside it).
  func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme)
}

extension Widget {
  /// Draws the widget within `rect` with the standard theme.
  public func render(into buffer: inout ScreenBuffer, rect: Rect) {
    render(into: &buffer, rect: rect, theme: .standard)
  }
}
