import CommandLineKit
import Foundation
import Models

/// How results read as text: friends and people in aligned columns, one friend as fields,
/// posts one per line.
enum TextFormat {
  /// Friends as a table: ID, NAME and PHONE, cut to `maxWidth` columns when it is given.
  static func friends(
    _ friends: [Friend], style: OutputStyle, header: Bool = true, indent: String = "",
    maxWidth: Int? = nil
  )
    -> [String]
  {
    Table(
      columns: [
        .init(title: "ID", alignment: .right), .init(title: "NAME"), .init(title: "PHONE"),
      ],
      rows: friends.map { [String($0.id), $0.fullName, $0.phoneNumber] }
    ).lines(style: style, header: header, indent: indent, maxWidth: maxWidth)
  }

  /// One friend, a field per line, the labels aligned.
  static func friend(_ friend: Friend, style: OutputStyle) -> [String] {
    let fields = [
      ("ID", String(friend.id)),
      ("First name", friend.firstName),
      ("Last name", friend.lastName),
      ("Phone", friend.phoneNumber),
    ]
    let width = fields.map(\.0.count).max() ?? 0
    return fields.map { label, value in
      style.bold(label.padding(toLength: width, withPad: " ", startingAt: 0)) + "  " + value
    }
  }

  /// "Ada Lovelace (id 3)".
  static func name(of friend: Friend) -> String {
    "\(friend.fullName) (id \(friend.id))"
  }

  /// People as a table: ID and NAME, cut to `maxWidth` columns when it is given.
  static func people(_ people: [Person], style: OutputStyle, maxWidth: Int? = nil) -> [String] {
    Table(
      columns: [.init(title: "ID", alignment: .right), .init(title: "NAME")],
      rows: people.map { [String($0.id), $0.name] }
    ).lines(style: style, maxWidth: maxWidth)
  }

  /// Posts, one per line in the order given: date (in `timeZone`), author (padded to
  /// `authorWidth`), text.
  static func posts(_ posts: [Post], authorWidth: Int, timeZone: TimeZone, style: OutputStyle)
    -> [String]
  {
    let formatter = dateFormatter(timeZone)
    return posts.map { post in
      let author = post.authorName.padding(
        toLength: max(authorWidth, post.authorName.count), withPad: " ", startingAt: 0)
      return "\(style.dim(formatter.string(from: post.date)))  \(style.bold(author))  \(post.text)"
    }
  }

  /// Formats dates in `timeZone` to the minute: `2024-03-01 08:45`.
  static func dateFormatter(_ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }
}
