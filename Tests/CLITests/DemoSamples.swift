import Foundation
import Models

/// Friends and posts for the fakes to answer with.
enum Sample {
  static let ada = Friend(
    id: 3, firstName: "Ada", lastName: "Lovelace", phoneNumber: "+44 20 7946 0001")
  static let grace = Friend(
    id: 12, firstName: "Grace", lastName: "Hopper", phoneNumber: "+1 555 010 2841")
  static let alan = Friend(
    id: 7, firstName: "Alan", lastName: "Turing", phoneNumber: "+44 161 555 0100")

  static let rosa = Person(id: 1, name: "Rosa Delgado")
  static let tomas = Person(id: 2, name: "Tomás Ibarra")

  /// Post `id` by `author`, `id` minutes after 2024-03-01 08:00 UTC.
  static func post(_ id: Int, by author: Person, _ text: String) -> Post {
    Post(
      id: id, author: author, text: text,
      date: Date(timeIntervalSince1970: 1_709_280_000 + Double(id) * 60))
  }
}
