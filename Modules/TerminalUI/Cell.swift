/// One column of one row of the screen.
public struct Cell: Hashable, Sendable {
  /// The grapheme drawn here, or `nil` when this cell is the right half of a wide grapheme
  /// that starts in the cell to its left.
  public var character: Character?
  /// How the cell looks.
  public var style: Style

  /// Creates a cell showing `character` in `style`.
  public init(_ character: Character?, style: Style = .plain) {
    self.character = character
    self.style = style
  }

  /// An empty cell: a space in the plain style.
  public static let blank = Cell(" ")

  /// Whether this cell continues a wide grapheme to its left.
  public var isContinuation: Bool { character == nil }
}
