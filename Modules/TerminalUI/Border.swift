/// The line characters of a box.
public struct BorderCharacters: Sendable, Hashable {
  /// Corners: top-left, top-right, bottom-left, bottom-right.
  public var topLeft, topRight, bottomLeft, bottomRight: Character
  /// Horizontal and vertical lines.
  public var horizontal, vertical: Character

  /// `┌─┐ │ └─┘`.
  public static let single = BorderCharacters(
    topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─",
    vertical: "│")
  /// `╭─╮ │ ╰─╯`.
  public static let rounded = BorderCharacters(
    topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─",
    vertical: "│")
  /// `╔═╗ ║ ╚═╝`.
  public static let double = BorderCharacters(
    topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═",
    vertical: "║")
  /// `+-+ | +-+`, for terminals without line drawing.
  public static let ascii = BorderCharacters(
    topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-",
    vertical: "|")
}

extension ScreenBuffer {
  /// Draws a box along the edges of `rect`, with an optional title in its top edge
  /// (`┌─ Title ───┐`), and returns the area inside it.
  @discardableResult
  public mutating func drawBorder(
    _ rect: Rect, title: String? = nil, characters: BorderCharacters = .single,
    style: Style = .plain, titleStyle: Style = .plain
  ) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else {
      return Rect(x: rect.x, y: rect.y, width: 0, height: 0)
    }
    let (left, right, top, bottom) = (rect.x, rect.maxX - 1, rect.y, rect.maxY - 1)
    fill(
      Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), with: characters.horizontal,
      style: style)
    fill(
      Rect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), with: characters.horizontal,
      style: style)
    fill(
      Rect(x: left, y: top + 1, width: 1, height: rect.height - 2), with: characters.vertical,
      style: style)
    fill(
      Rect(x: right, y: top + 1, width: 1, height: rect.height - 2), with: characters.vertical,
      style: style)
    put(characters.topLeft, x: left, y: top, style: style)
    put(characters.topRight, x: right, y: top, style: style)
    put(characters.bottomLeft, x: left, y: bottom, style: style)
    put(characters.bottomRight, x: right, y: bottom, style: style)
    if let title, !title.isEmpty, rect.width > 5 {
      let shown = ScreenBuffer.sanitized(title).truncated(toWidth: rect.width - 5)
      write(" \(shown) ", x: left + 2, y: top, style: titleStyle)
    }
    return rect.inset(by: 1)
  }
}
