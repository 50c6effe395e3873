import CommandLineKit
import Foundation
import Models

/// How results read as text; each feature adds its own formats in an extension (its lists as
/// ``Table``s, for example).
enum TextFormat {
  /// Formats dates in `timeZone` to the minute: `2024-03-01 08:45`.
  static func dateFormatter(_ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }
}
