/// Turns frames into the bytes that update a terminal, writing only the cells that changed
/// since the previous frame.
///
/// The first frame, a frame of a new size, and the frame after `invalidate()` clear the
/// screen and draw everything that is not blank. Each frame leaves the terminal in the plain
/// style; the cursor position is not assumed between frames.
public struct Renderer: Sendable {
  /// Whether colours are drawn.
  public var colorMode: ColorMode
  /// Cells written by the last `render(_:)`.
  public private(set) var lastCellCount = 0
  private var previous: ScreenBuffer?

  /// Creates a renderer that has drawn nothing yet.
  public init(colorMode: ColorMode = .color) {
    self.colorMode = colorMode
  }

  /// Forgets the previous frame so the next one is drawn in full (after the screen was
  /// disturbed, or when the terminal was resized).
  public mutating func invalidate() {
    previous = nil
  }

  /// The bytes that change the screen from the previous frame to `frame`.
  public mutating func render(_ frame: ScreenBuffer) -> [UInt8] {
    var output: [UInt8] = []
    let old: ScreenBuffer
    if let previous, previous.size == frame.size {
      old = previous
    } else {
      output += Array((ANSI.resetStyle + ANSI.clearScreen).utf8)
      old = ScreenBuffer(size: frame.size)
    }
    var cursor: (x: Int, y: Int)? = nil
    var current = Style.plain
    var count = 0
    let width = frame.width
    frame.cells.withUnsafeBufferPointer { cells in
      old.cells.withUnsafeBufferPointer { oldCells in
        for y in 0..<frame.height {
          let row = y * width
          for x in 0..<width {
            // Cells are compared in place; the right half of a wide grapheme (no character)
            // is written with its left half, which counts as changed when either half did.
            let index = row + x
            guard let character = cells[index].character else { continue }
            let nextIsContinuation = x + 1 < width && cells[index + 1].isContinuation
            guard
              cells[index] != oldCells[index]
                || (nextIsContinuation && cells[index + 1] != oldCells[index + 1])
            else { continue }
            let characterWidth = max(1, character.displayWidth)
            if let at = cursor, at.y == y, at.x < x {
              output += Array(ANSI.moveRight(x - at.x).utf8)
            } else if cursor == nil || cursor! != (x, y) {
              output += Array(ANSI.moveTo(x: x, y: y).utf8)
            }
            let style = cells[index].style.adapted(to: colorMode)
            if style != current {
              output += Array(ANSI.select(style).utf8)
              current = style
            }
            output += Array(String(character).utf8)
            count += 1
            // After a wide grapheme or at the right edge, terminals disagree on where the
            // cursor ends up, so the next write positions it explicitly.
            cursor =
              characterWidth == 2 || x + characterWidth >= width ? nil : (x + characterWidth, y)
          }
        }
      }
    }
    if current != .plain { output += Array(ANSI.resetStyle.utf8) }
    previous = frame
    lastCellCount = count
    return output
  }
}
