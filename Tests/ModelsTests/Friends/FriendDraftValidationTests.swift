import Models
import ReactiveTesting
import Testing

@Suite struct FriendDraftValidationTests {
  @Test func reportsTheFirstFailingFieldInOrder() {
    let bad = FriendDraft(firstName: "", lastName: "", phoneNumber: "x")
    expectEqual(bad.validation, .invalid("Enter a first name."))
    let badLast = FriendDraft(firstName: "Ada", lastName: " ", phoneNumber: "x")
    expectEqual(badLast.validation, .invalid("Enter a last name."))
    let badPhone = FriendDraft(firstName: "Ada", lastName: "King", phoneNumber: "12")
    expectEqual(badPhone.validation, .invalid("A phone number needs 7 to 15 digits."))
  }

  @Test func validDraftPasses() {
    let draft = FriendDraft(firstName: "Ada", lastName: "King", phoneNumber: "+44 20 7946 0001")
    expectEqual(draft.validation, .valid)
    #expect(draft.validation.message == nil)
  }

  @Test func trimmedRemovesSurroundingWhiteSpace() {
    let draft = FriendDraft(firstName: " Ada ", lastName: "\tKing", phoneNumber: "555 0100 12\n")
    expectEqual(
      draft.trimmed, FriendDraft(firstName: "Ada", lastName: "King", phoneNumber: "555 0100 12"))
  }
}
