import Models
import Testing

@Suite struct FriendDraftValidationTests {
  @Test func reportsTheFirstFailingFieldInOrder() {
    let bad = FriendDraft(firstName: "", lastName: "", phoneNumber: "x")
    #expect(bad.validation == .invalid("Enter a first name."))
    let badLast = FriendDraft(firstName: "Ada", lastName: " ", phoneNumber: "x")
    #expect(badLast.validation == .invalid("Enter a last name."))
    let badPhone = FriendDraft(firstName: "Ada", lastName: "King", phoneNumber: "12")
    #expect(badPhone.validation == .invalid("A phone number needs 7 to 15 digits."))
  }

  @Test func validDraftPasses() {
    let draft = FriendDraft(firstName: "Ada", lastName: "King", phoneNumber: "+44 20 7946 0001")
    #expect(draft.validation == .valid)
    #expect(draft.validation.message == nil)
  }

  @Test func trimmedRemovesSurroundingWhiteSpace() {
    let draft = FriendDraft(firstName: " Ada ", lastName: "\tKing", phoneNumber: "555 0100 12\n")
    #expect(
      draft.trimmed == FriendDraft(firstName: "Ada", lastName: "King", phoneNumber: "555 0100 12"))
  }
}
