import Foundation

/// Formats post dates the same way on every machine of a time zone: `Nov 30 06:48`.
@MainActor
final class PostDates {
  private let formatter: DateFormatter

  /// Creates a formatter for `timeZone`.
  init(timeZone: TimeZone) {
    formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "MMM d HH:mm"
  }

  /// `date` as `Nov 30 06:48`.
  func string(from date: Date) -> String {
    formatter.string(from: date)
  }
}
