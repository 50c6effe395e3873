import Foundation
import Models
import Testing

@Suite struct ModelCodingTests {
  private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
  }

  @Test func valuesSurviveJSON() throws {
    let account = Account(email: "ada@example.com", displayName: "Ada")
    #expect(try roundTrip(account) == account)
    #expect(try roundTrip(AccountStatus.authorized(account)) == .authorized(account))
    #expect(try roundTrip(AccountStatus.unavailable) == .unavailable)
    let friend = Friend(
      id: 3, firstName: "Alan", lastName: "Turing", phoneNumber: "+44 20 7946 0000")
    #expect(try roundTrip(friend) == friend)
    let post = Post(
      id: 9, author: Person(id: 2, name: "Grace Hopper"), text: "Hello",
      date: Date(timeIntervalSince1970: 1_700_000_000))
    #expect(try roundTrip(post) == post)
    #expect(
      try roundTrip(TimelineCursor(newestId: 4, oldestId: 1))
        == TimelineCursor(newestId: 4, oldestId: 1))
  }

  @Test func friendExposesNameAndDraft() {
    let friend = Friend(id: 3, firstName: "Alan", lastName: "Turing", phoneNumber: "0123456")
    #expect(friend.fullName == "Alan Turing")
    #expect(Friend(id: 3, draft: friend.draft) == friend)
  }

  @Test func postExposesItsAuthor() {
    let post = Post(
      id: 1, authorId: 4, authorName: "Barbara Liskov", text: "",
      date: Date(timeIntervalSince1970: 0))
    #expect(post.author == Person(id: 4, name: "Barbara Liskov"))
  }

  @Test func accountStatusExposesTheAccount() {
    let account = Account(email: "ada@example.com", displayName: "Ada")
    #expect(AccountStatus.authorized(account).account == account)
    #expect(AccountStatus.authorized(account).isAuthorized)
    #expect(AccountStatus.unavailable.account == nil)
    #expect(!AccountStatus.unavailable.isAuthorized)
  }
}
