import Foundation
import Models
import Navigator

@testable import FriendsTUI

extension Harness {
  /// Starts logged in as Ada, on the friends list (opened with its key from the home), with
  /// `links` between the features.
  func startLoggedIn(links: [OutwardLink] = OutwardLink.all) {
    auth.status.accept(.authorized(Self.ada))
    start(links: links)
    press(.character("f"))
  }
}

/// Scripted data.
enum Fixtures {
  static let ada = Friend(id: 1, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")
  static let grace = Friend(
    id: 2, firstName: "Grace", lastName: "Hopper", phoneNumber: "+1 555 0102")
  static let alan = Friend(id: 3, firstName: "Alan", lastName: "Turing", phoneNumber: "555 0103")

  static let hanna = Person(id: 7, name: "Hanna Virtanen")
  static let jonah = Person(id: 8, name: "Jonah Price")

  /// A post by `author`, `id` minutes after 1 March 2026 09:00 UTC.
  static func post(_ id: Int, by author: Person = hanna, _ text: String? = nil) -> Post {
    Post(
      id: id, author: author, text: text ?? "Post number \(id)",
      date: Date(timeIntervalSince1970: 1_772_355_600 + Double(id) * 60))
  }
}
