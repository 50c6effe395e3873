import Models
import TerminalUI

/// Post rows: the date, the author in a fixed column, then the text.
extension Rows {
  /// The width of the author column of post rows.
  static let authorWidth = 16

  /// `Nov 30 06:48  Grace Hopper      The text…`.
  static func post(_ post: Post, dates: DateLabels, showsAuthor: Bool = true) -> String {
    let date = padded(dates.string(from: post.date), to: 12)
    let author = showsAuthor ? padded(post.authorName, to: authorWidth) + "  " : ""
    return date + "  " + author + post.text
  }
}
