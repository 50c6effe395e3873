import Models
import TerminalUI

/// Friend rows: the name in a fixed column, then the phone number.
extension Rows {
  /// The width of the name column of friend rows.
  static let nameWidth = 28

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
}
