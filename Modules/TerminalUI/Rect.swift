/// A rectangle of cells: the area a widget draws into.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// Column of the left edge (0-based).
  public var x: Int
  /// Row of the top edge (0-based).
  public var y: Int
  /// Number of columns.
  public var width: Int
  /// Number of rows.
  public var height: Int

  /// Creates a rectangle; negative sizes become 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The rectangle covering a whole terminal of `size`.
  public init(size: TerminalSize) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// The column just right of the rectangle.
  public var maxX: Int { x + width }
  /// The row just below the rectangle.
  public var maxY: Int { y + height }
  /// Whether the rectangle holds no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at column `x`, row `y` lies inside the rectangle.
  public func contains(x: Int, y: Int) -> Bool {
    x >= self.x && x < maxX && y >= self.y && y < maxY
  }

  /// `(x,y widthxheight)`.
  public var description: String { "(\(x),\(y) \(width)x\(height))" }

  /// The rectangle shrunk by `amount` cells on every side ("padding").
  public func inset(by amount: Int) -> Rect {
    inset(top: amount, left: amount, bottom: amount, right: amount)
  }

  /// The rectangle shrunk by the given number of cells on each side.
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(
      x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  /// The part of this rectangle inside `other` (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return Rect(
      x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }

  /// A rectangle of the given size centred in this one (clamped to fit).
  public func centered(width: Int, height: Int) -> Rect {
    let w = min(width, self.width)
    let h = min(height, self.height)
    return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
  }

  /// The one-row rectangle at `offset` rows from the top (empty when outside).
  public func row(_ offset: Int) -> Rect {
    guard offset >= 0, offset < height else {
      return Rect(x: x, y: y + offset, width: 0, height: 0)
    }
    return Rect(x: x, y: y + offset, width: width, height: 1)
  }

  /// Splits the rectangle top to bottom into rows of the given sizes.
  public func rows(_ sizes: [LayoutSize], spacing: Int = 0) -> [Rect] {
    split(.vertical, sizes, spacing: spacing)
  }

  /// Splits the rectangle left to right into columns of the given sizes.
  public func columns(_ sizes: [LayoutSize], spacing: Int = 0) -> [Rect] {
    split(.horizontal, sizes, spacing: spacing)
  }

  /// Splits the rectangle along `axis` into parts of the given sizes, `spacing` cells apart.
  ///
  /// Fixed sizes are served first, in order, as far as space allows; the rest is shared by
  /// the `.fill` parts in proportion to their weights (the first parts get any remainder).
  public func split(_ axis: Axis, _ sizes: [LayoutSize], spacing: Int = 0) -> [Rect] {
    let total = axis == .vertical ? height : width
    var remaining = max(0, total - spacing * max(0, sizes.count - 1))
    var lengths = [Int](repeating: 0, count: sizes.count)
    for (index, size) in sizes.enumerated() {
      if case .fixed(let length) = size {
        lengths[index] = min(max(0, length), remaining)
        remaining -= lengths[index]
      }
    }
    let weights = sizes.map { if case .fill(let weight) = $0 { max(0, weight) } else { 0 } }
    let totalWeight = weights.reduce(0, +)
    if totalWeight > 0 {
      var leftover = remaining
      for index in sizes.indices where weights[index] > 0 {
        lengths[index] = remaining * weights[index] / totalWeight
        leftover -= lengths[index]
      }
      for index in sizes.indices where weights[index] > 0 && leftover > 0 {
        lengths[index] += 1
        leftover -= 1
      }
    }
    var offset = axis == .vertical ? y : x
    return lengths.map { length in
      defer { offset += length + spacing }
      return axis == .vertical
        ? Rect(x: x, y: offset, width: width, height: length)
        : Rect(x: offset, y: y, width: length, height: height)
    }
  }
}

/// A direction of layout.
public enum Axis: Sendable, Hashable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical
}

/// The size of one part of a split.
public enum LayoutSize: Sendable, Hashable {
  /// Exactly this many cells (less when space runs out).
  case fixed(Int)
  /// A share of the space left after fixed parts, proportional to the weight.
  case fill(Int)

  /// A share of weight 1 of the space left after fixed parts.
  public static let fill = LayoutSize.fill(1)
}
