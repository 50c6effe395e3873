import CommandLineKit
import Foundation
import Models

/// Friends as text: in aligned columns, or one friend as fields.
extension TextFormat {
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

  /// One friend, a field per line, the labels aligned, the values' control characters escaped.
  static func friend(_ friend: Friend, style: OutputStyle) -> [String] {
    let fields = [
      ("ID", String(friend.id)),
      ("First name", friend.firstName),
      ("Last name", friend.lastName),
      ("Phone", friend.phoneNumber),
    ]
    let width = fields.map(\.0.count).max() ?? 0
    return fields.map { label, value in
      style.bold(label.padding(toLength: width, withPad: " ", startingAt: 0)) + "  "
        + value.escapingControlCharacters()
    }
  }

  /// "Ada Lovelace (id 3)", the name's control characters escaped.
  static func name(of friend: Friend) -> String {
    "\(friend.fullName.escapingControlCharacters()) (id \(friend.id))"
  }
}
