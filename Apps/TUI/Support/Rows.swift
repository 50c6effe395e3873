import Models
import TerminalUI

/// How lists show their rows: fixed columns, cut with "…" when too long.
@MainActor
enum Rows {
  /// The width of the name column of friend rows.
  static let nameWidth = 28
  /// The width of the author column of post rows.
  static let authorWidth = 16

  /// `Ada Lovelace                555 0101`.
  static func friend(_ friend: Friend) -> String {
    padded(friend.fullName, to: nameWidth) + "  " + friend.phoneNumber
  }

  /// `Nov 30 06:48  Grace Hopper      The text…`.
  static func post(_ post: Post, dates: PostDates, showsAuthor: Bool = true) -> String {
    let date = padded(dates.string(from: post.date), to: 12)
    let author = showsAuthor ? padded(post.authorName, to: authorWidth) + "  " : ""
    return date + "  " + author + post.text
  }

  /// `text` cut or padded with spaces to exactly `width` columns, its control characters
  /// counted as the escaped text they are drawn as.
  static func padded(_ text: String, to width: Int) -> String {
    let cut = text.escapingControlCharacters().truncated(toWidth: width)
    return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
  }
}
