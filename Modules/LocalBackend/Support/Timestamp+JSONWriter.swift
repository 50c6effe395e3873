import Foundation
import Models
import Store

extension Timestamp {
  /// Appends the ISO 8601 text of `date` to `writer`, in quotes.
  static func write(_ date: Date, to writer: inout JSONWriter) {
    writer.string(text(date))
  }
}
