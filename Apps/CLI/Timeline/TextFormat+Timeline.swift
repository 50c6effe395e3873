import CommandLineKit
import Foundation
import Models

/// People in aligned columns and posts one per line.
extension TextFormat {
  /// People as a table: ID and NAME, cut to `maxWidth` columns when it is given.
  static func people(_ people: [Person], style: OutputStyle, maxWidth: Int? = nil) -> [String] {
    Table(
      columns: [.init(title: "ID", alignment: .right), .init(title: "NAME")],
      rows: people.map { [String($0.id), $0.name] }
    ).lines(style: style, maxWidth: maxWidth)
  }

  /// Posts, one per line in the order given: date (in `timeZone`), author (padded to
  /// `authorWidth`), text; author and text with their control characters escaped.
  static func posts(_ posts: [Post], authorWidth: Int, timeZone: TimeZone, style: OutputStyle)
    -> [String]
  {
    let formatter = dateFormatter(timeZone)
    return posts.map { post in
      let name = post.authorName.escapingControlCharacters()
      let author = name.padding(
        toLength: max(authorWidth, name.count), withPad: " ", startingAt: 0)
      let text = post.text.escapingControlCharacters()
      return "\(style.dim(formatter.string(from: post.date)))  \(style.bold(author))  \(text)"
    }
  }
}
