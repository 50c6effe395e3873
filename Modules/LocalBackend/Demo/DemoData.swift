import Foundation
import Models

/// The tables the demo seed is built from.
enum DemoData {
  static let authors = [
    Person(id: 1, name: "Rosa Delgado"),
    Person(id: 2, name: "Tomás Ibarra"),
    Person(id: 3, name: "Hanna Virtanen"),
    Person(id: 4, name: "Jonah Price"),
    Person(id: 5, name: "Leila Farahani"),
    Person(id: 6, name: "Marcus Chu"),
  ]

  /// 2024-03-01 08:00:00 UTC, the date of the first demo post.
  static let firstPostDate = Date(timeIntervalSince1970: 1_709_280_000)
  /// The time between two consecutive seeded posts: 45 minutes.
  static let postInterval: TimeInterval = 45 * 60

  static func seedDate(ofPostNumber index: Int) -> Date {
    firstPostDate.addingTimeInterval(Double(index) * postInterval)
  }

  static let friends: [FriendDraft] = [
    FriendDraft(firstName: "Liam", lastName: "Anderson", phoneNumber: "+1 (555) 010-2841"),
    FriendDraft(firstName: "Sofia", lastName: "Bianchi", phoneNumber: "+39 02 5550 1934"),
    FriendDraft(firstName: "Kenji", lastName: "Watanabe", phoneNumber: "+81 3-5550-7720"),
    FriendDraft(firstName: "Amara", lastName: "Okafor", phoneNumber: "+234 1 555 0183"),
    FriendDraft(firstName: "Lucas", lastName: "Moreau", phoneNumber: "+33 1 55 50 42 17"),
    FriendDraft(firstName: "Ingrid", lastName: "Larsen", phoneNumber: "+47 555 01 936"),
    FriendDraft(firstName: "Mateo", lastName: "García", phoneNumber: "+34 915 550 274"),
    FriendDraft(firstName: "Priya", lastName: "Raman", phoneNumber: "+91 80 5550 3318"),
    FriendDraft(firstName: "Noah", lastName: "Fischer", phoneNumber: "+49 30 5550 6612"),
    FriendDraft(firstName: "Chloe", lastName: "Dubois", phoneNumber: "+33 4 55 50 19 80"),
    FriendDraft(firstName: "Oliver", lastName: "Bennett", phoneNumber: "+44 20 7946 0318"),
    FriendDraft(firstName: "Yara", lastName: "Haddad", phoneNumber: "+961 1 555 402"),
    FriendDraft(firstName: "Ethan", lastName: "Kowalski", phoneNumber: "+48 22 555 01 77"),
    FriendDraft(firstName: "Mei", lastName: "Chen", phoneNumber: "+86 10 5550 2291"),
    FriendDraft(firstName: "Daniel", lastName: "Novak", phoneNumber: "+420 555 010 846"),
    FriendDraft(firstName: "Freya", lastName: "Johansson", phoneNumber: "+46 8 555 016 42"),
    FriendDraft(firstName: "Samuel", lastName: "Adeyemi", phoneNumber: "+234 803 555 0917"),
    FriendDraft(firstName: "Isabel", lastName: "Costa", phoneNumber: "+351 21 555 0463"),
    FriendDraft(firstName: "Hugo", lastName: "Lindqvist", phoneNumber: "+46 31 555 018 20"),
    FriendDraft(firstName: "Nora", lastName: "Walsh", phoneNumber: "+353 1 555 0729"),
  ]

  /// The friend at `index` of the seed: the table above, then made-up combinations of its
  /// names with numbers in the fictional 555-01xx range.
  static func friend(_ index: Int) -> FriendDraft {
    if index < friends.count { return friends[index] }
    let first = friends[index % friends.count].firstName
    let last = friends[(index / friends.count * 7 + index) % friends.count].lastName
    let suffix = String(index % 10_000).leftPadded(to: 4)
    return FriendDraft(
      firstName: first, lastName: last, phoneNumber: "+1 (555) 01\(index % 10)-\(suffix)")
  }

  /// Sentences around a subject: the text before it and the text after it.
  private static let templates = [
    ("Just finished ", "."),
    ("Anyone else excited about ", "?"),
    ("Spent the whole morning on ", "."),
    ("Quick update: ", " went better than expected."),
    ("Note to self: ", " always takes longer than planned."),
    ("Small win of the day: ", "."),
    ("Looking for tips on ", ", send them my way."),
  ]

  private static let subjects = [
    "the garden fence", "a sourdough starter", "the quarterly report", "a new running route",
    "the bike repair", "an old jazz record", "the kitchen shelves", "a chess puzzle",
    "the team offsite", "a ten-kilometre hike", "the photo album", "a pot of lentil soup",
    "the neighbourhood cleanup", "a watercolour sketch", "the book club pick",
    "a late train home", "the balcony tomatoes", "a pottery class", "the attic clear-out",
    "a birthday playlist",
  ]

  static func post(id: Int, date: Date) -> Post {
    let number = max(id, 0)
    let author = authors[(number * 5 + number / 4) % authors.count]
    let (before, after) = templates[number % templates.count]
    let subject = subjects[(number / templates.count + number * 3) % subjects.count]
    return Post(id: id, author: author, text: before + subject + after, date: date)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
