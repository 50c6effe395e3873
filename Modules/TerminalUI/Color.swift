/// A terminal colour: one of the eight standard ANSI colours, an entry of the 256-colour
/// palette, or a 24-bit colour.
public enum Color: Hashable, Sendable {
  case black
  case red
  case green
  case yellow
  case blue
  case magenta
  case cyan
  case white
  /// An entry of the 256-colour palette (0–7 standard, 8–15 bright, then a colour cube and
  /// greys).
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)

  /// Grey that stays readable on dark and light backgrounds (palette entry 8, "bright black").
  public static let gray = Color.indexed(8)

  /// The colour's position among the eight standard colours, if it is one of them.
  var standardIndex: Int? {
    switch self {
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    case .indexed, .rgb: nil
    }
  }

  /// The standard colour at `index` (0–7).
  public static func standard(_ index: Int) -> Color {
    [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white][index]
  }
}
