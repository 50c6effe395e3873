import Foundation
import Models
import Store

/// A post read straight from the fields the store writes (see `RecordFieldsDecodable`): a
/// store of 100,000 posts loads without a keyed container for each of them. The fields are
/// those of `Post`'s `Codable` conformance, in its order; text in any other form is read
/// through that conformance.
extension Post: RecordFieldsDecodable {
  public init(fields: inout RecordFields) throws {
    // Arguments are evaluated from left to right: the fields' order.
    self.init(
      id: try fields.int("id"), authorId: try fields.int("authorId"),
      authorName: try fields.string("authorName"), text: try fields.string("text"),
      date: try fields.date("date"))
  }
}
