/// Widgets stacked top to bottom, each given a height (fixed or a share of what is left).
public struct VStack: Widget {
  /// The children with their heights, top first.
  public var children: [(size: LayoutSize, widget: any Widget)]
  /// Empty rows between children.
  public var spacing: Int

  /// Creates a stack.
  public init(spacing: Int = 0, _ children: [(size: LayoutSize, widget: any Widget)]) {
    self.spacing = spacing
    self.children = children
  }

  /// Lays the children out with `Rect.rows` and draws each in its row.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    let rows = rect.rows(children.map(\.size), spacing: spacing)
    for (child, row) in zip(children, rows) {
      child.widget.render(into: &buffer, rect: row, theme: theme)
    }
  }
}
