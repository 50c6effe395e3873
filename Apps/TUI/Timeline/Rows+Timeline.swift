import Models
import TerminalUI

/// Post rows: the date, the author in a fixed column, then the text. Below 80 columns the
/// author's column narrows and then the date goes, so that the text keeps at least half the row.
extension Rows {
  /// The width of the author column of post rows, when there is room for it.
  static let authorWidth = 16
  /// The width of the date column (`Nov 30 06:48`).
  static let dateWidth = 12
  /// The narrowest author column before the date is left out instead.
  static let narrowestAuthorWidth = 8

  /// `Nov 30 06:48  Grace Hopper      The text…`, fitted to `width` columns.
  static func post(
    _ post: Post, dates: DateLabels, showsAuthor: Bool = true, width: Int = 78
  ) -> String {
    let columns = postColumns(width: width, showsAuthor: showsAuthor)
    let date = columns.showsDate ? padded(dates.string(from: post.date), to: dateWidth) + "  " : ""
    let author =
      columns.authorWidth > 0 ? padded(post.authorName, to: columns.authorWidth) + "  " : ""
    return date + author + post.text
  }

  /// Which columns a post row of `width` columns shows: the text keeps at least half of it.
  static func postColumns(width: Int, showsAuthor: Bool) -> (showsDate: Bool, authorWidth: Int) {
    let text = max(12, width / 2)
    guard showsAuthor else { return (width >= dateWidth + 2 + text, 0) }
    let besideDate = min(authorWidth, width - dateWidth - 2 - 2 - text)
    if besideDate >= narrowestAuthorWidth { return (true, besideDate) }
    return (false, min(authorWidth, max(narrowestAuthorWidth, width - 2 - text)))
  }
}
