import Foundation
import Models
import ReactiveTesting
import Testing

@Suite struct FriendCodingTests {
  @Test func aFriendSurvivesJSON() throws {
    let friend = Friend(
      id: 3, firstName: "Alan", lastName: "Turing", phoneNumber: "+44 20 7946 0000")
    #expect(try ModelCodingTests().roundTrip(friend) == friend)
  }

  @Test func friendExposesNameAndDraft() {
    let friend = Friend(id: 3, firstName: "Alan", lastName: "Turing", phoneNumber: "0123456")
    expectEqual(friend.fullName, "Alan Turing")
    expectEqual(Friend(id: 3, draft: friend.draft), friend)
  }
}
