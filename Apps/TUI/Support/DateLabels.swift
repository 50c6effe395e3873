import Foundation

/// Formats dates the same way on every machine of a time zone: `Nov 30 06:48` for a date
/// of this year, `Nov 30 2025` for an older one (as `ls -l` drops the time for old files).
@MainActor
final class DateLabels {
  private let thisYear: DateFormatter
  private let otherYear: DateFormatter
  private let long: DateFormatter
  private let calendar: Calendar
  private let now: @MainActor () -> Date

  /// Creates a formatter for `timeZone`; `now` says which year is this year.
  init(timeZone: TimeZone, now: @escaping @MainActor () -> Date) {
    func formatter(_ format: String) -> DateFormatter {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = timeZone
      formatter.dateFormat = format
      return formatter
    }
    thisYear = formatter("MMM d HH:mm")
    otherYear = formatter("MMM d yyyy")
    long = formatter("EEEE d MMMM yyyy, HH:mm")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
    self.now = now
  }

  /// `date` as `Nov 30 06:48`, or as `Nov 30 2025` when it is not of this year.
  func string(from date: Date) -> String {
    let isThisYear = calendar.component(.year, from: date) == calendar.component(.year, from: now())
    return (isThisYear ? thisYear : otherYear).string(from: date)
  }

  /// `date` in full, for a page that shows it whole: `Sunday 1 March 2026, 09:01`.
  func longString(from date: Date) -> String {
    long.string(from: date)
  }
}
