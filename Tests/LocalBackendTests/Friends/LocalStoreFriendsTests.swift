import Foundation
import LocalBackend
import Models
import ReactiveTesting
import TestSupport
import Testing

@Suite struct LocalStoreFriendsTests {
  @Test func seedHasTwentyFriendsSortedByFirstThenLastName() throws {
    try withTemporaryDirectory { directory in
      let friends = try LocalStore(directory: directory).records(Friend.self)
      expectEqual(friends.count, 20)
      expectEqual(Set(friends.map(\.id)), Set(1...20))
      expectEqual(friends.first?.fullName, "Amara Okafor")
      expectEqual(friends.last?.fullName, "Yara Haddad")
      let keys = friends.map { "\($0.firstName.lowercased()) \($0.lastName.lowercased())" }
      expectEqual(keys, keys.sorted())
      #expect(friends.allSatisfy { $0.draft.validation == .valid })
    }
  }

  @Test func addedFriendGetsTheNextIdentifierAndItsPlaceInTheList() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let added = try store.add(
        FriendDraft(firstName: " Zoe ", lastName: "Baker", phoneNumber: "+1 555 010 9999"))
      expectEqual(
        added, Friend(id: 21, firstName: "Zoe", lastName: "Baker", phoneNumber: "+1 555 010 9999")
      )
      let friends = try store.records(Friend.self)
      let index = try #require(friends.firstIndex(of: added))
      expectEqual(friends[index - 1].fullName, "Yara Haddad")
      #expect(index == friends.count - 1)
    }
  }

  /// The friends list reads as people read: numbers by value, case and accents aside, by the
  /// name as the list shows it (first name, then last name), the same in every process.
  @Test func theListSortsNamesAsTheyRead() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .empty)
      for (first, last) in [
        ("PA10", "Unit"), ("pa2", "Unit"), ("PA1", "Unit"), ("Émile", "Zola"), ("Eve", "Adams"),
        ("Ed", "Young"), ("Ed", "Baker"),
      ] {
        _ = try store.add(FriendDraft(firstName: first, lastName: last, phoneNumber: "5550100123"))
      }
      let names = try store.records(Friend.self).map(\.fullName)
      expectEqual(
        names,
        [
          "Ed Baker", "Ed Young", "Émile Zola", "Eve Adams", "PA1 Unit", "pa2 Unit", "PA10 Unit",
        ])
      #expect(
        try LocalStore(directory: directory, seed: .empty).records(Friend.self).map(\.fullName)
          == names)
    }
  }

  @Test func friendsSurviveReopening() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let added = try store.add(
        FriendDraft(firstName: "Zoe", lastName: "Baker", phoneNumber: "5550100123"))
      try store.remove(Friend.self, id: 3)
      let reopened = try LocalStore(directory: directory)
      #expect(try reopened.records(Friend.self) == store.records(Friend.self))
      #expect(try reopened.record(Friend.self, id: added.id) == added)
      #expect(try reopened.snapshot() == store.snapshot())
    }
  }

  @Test func invalidFriendIsRejectedWithItsMessageAndNothingIsWritten() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let before = try store.fileURL.bytes()
      #expect(throws: StoreError.invalidInput("Enter a first name.")) {
        try store.add(
          FriendDraft(firstName: "  ", lastName: "Baker", phoneNumber: "5550100123"))
      }
      #expect(throws: StoreError.invalidInput("A phone number needs 7 to 15 digits.")) {
        try store.update(Friend(id: 1, firstName: "A", lastName: "B", phoneNumber: "123"))
      }
      #expect(try store.fileURL.bytes() == before)
    }
  }

  @Test func updateReplacesFieldsAndResorts() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      var friend = try #require(try store.records(Friend.self).first)
      friend.firstName = "Zora"
      friend.phoneNumber = "+49 30 5550 0000"
      let saved = try store.update(friend)
      friend.revision += 1
      expectEqual(saved, friend)
      #expect(try store.records(Friend.self).last == friend)
      #expect(try store.record(Friend.self, id: friend.id) == friend)
    }
  }

  @Test func unknownIdentifiersAreNotFound() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(throws: StoreError.notFound(99, record: "friend")) {
        try store.record(Friend.self, id: 99)
      }
      #expect(throws: StoreError.notFound(99, record: "friend")) {
        try store.remove(Friend.self, id: 99)
      }
      #expect(throws: StoreError.notFound(99, record: "friend")) {
        try store.update(
          Friend(id: 99, firstName: "A", lastName: "B", phoneNumber: "5550100123"))
      }
    }
  }

  @Test func removedIdentifiersAreNotReused() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let added = try store.add(
        FriendDraft(firstName: "A", lastName: "B", phoneNumber: "5550100123"))
      try store.remove(Friend.self, id: added.id)
      #expect(throws: StoreError.notFound(added.id, record: "friend")) {
        try store.remove(Friend.self, id: added.id)
      }
      let next = try store.add(
        FriendDraft(firstName: "C", lastName: "D", phoneNumber: "5550100124"))
      #expect(next.id == added.id + 1)
    }
  }

  @Test(arguments: [
    ("ANDER", ["Liam Anderson"]),
    ("garcia", ["Mateo García"]),
    ("liam anderson", ["Liam Anderson"]),
    ("Anderson Liam", ["Liam Anderson"]),
    ("  mei ", ["Mei Chen"]),
    ("zzz", []),
  ])
  func searchMatchesNamesIgnoringCaseAndAccents(query: String, expected: [String]) throws {
    try withTemporaryDirectory { directory in
      let found = try LocalStore(directory: directory).searchFriends(matching: query)
      expectEqual(found.map(\.fullName), expected)
    }
  }

  @Test func searchResultsKeepListOrderAndEmptyQueryMatchesAll() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.searchFriends(matching: "") == store.records(Friend.self))
      let withN = try store.searchFriends(matching: "n")
      #expect(withN.count > 5)
      let all = try store.records(Friend.self)
      expectEqual(withN, all.filter { withN.contains($0) })
    }
  }
}
