import Models
import TerminalUI

/// How lists show their rows: fixed columns, cut with "…" when too long.
@MainActor
enum Rows {
  /// The width of the name column of friend rows.
  static let nameWidth = 28
  /// The width of the author column of post rows.
  static let authorWidth = 16

  /// The narrowest the name column gets on a narrow terminal.
  static let minimumNameWidth = 10

  /// `Ada Lovelace                555 0101`, the name in `nameWidth` columns.
  static func friend(_ friend: Friend, nameWidth: Int = nameWidth) -> String {
    padded(friend.fullName, to: nameWidth) + "  " + friend.phoneNumber
  }

  /// The name column's width for friend rows drawn in `width` columns: ``nameWidth`` when
  /// the longest phone number fits beside it, else narrower (down to ``minimumNameWidth``),
  /// so the names are cut before any phone number is.
  static func nameWidth(fitting width: Int, friends: [Friend]) -> Int {
    let phone = friends.map { $0.phoneNumber.escapingControlCharacters().displayWidth }.max() ?? 0
    return min(nameWidth, max(minimumNameWidth, width - 2 - phone))
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
