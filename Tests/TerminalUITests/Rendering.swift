@testable import TerminalUI

/// Draws `widget` into a blank buffer of the given size, covering all of it.
func draw(_ widget: some Widget, width: Int, height: Int = 1, theme: Theme = .standard)
  -> ScreenBuffer
{
  var buffer = ScreenBuffer(width: width, height: height)
  widget.render(into: &buffer, rect: buffer.bounds, theme: theme)
  return buffer
}

extension ScreenBuffer {
  /// The columns of row `y` whose style matches `predicate`.
  func columns(inRow y: Int, where predicate: (Style) -> Bool) -> [Int] {
    (0..<width).filter { predicate(self[$0, y].style) }
  }
}
