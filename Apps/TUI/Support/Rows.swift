import Models
import TerminalUI

/// How lists show their rows: fixed columns, cut with "…" when too long. Each feature adds its
/// own rows in an extension, built with ``padded(_:to:)``.
@MainActor
enum Rows {
  /// `text` cut or padded with spaces to exactly `width` columns, its control characters
  /// counted as the escaped text they are drawn as.
  static func padded(_ text: String, to width: Int) -> String {
    let cut = text.escapingControlCharacters().truncated(toWidth: width)
    return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
  }
}
