/// The fields of a friend being added or edited, before the store gives it an identifier.
public struct FriendDraft: RecordDraft {
  /// The record a draft makes.
  public typealias Record = Friend

  /// The given name.
  public var firstName: String
  /// The family name.
  public var lastName: String
  /// The phone number as typed.
  public var phoneNumber: String

  /// Creates a draft from its three fields.
  public init(firstName: String, lastName: String, phoneNumber: String) {
    self.firstName = firstName
    self.lastName = lastName
    self.phoneNumber = phoneNumber
  }

  /// The first failing rule among first name, last name and phone number (checked in that
  /// order), or `.valid` when all three pass.
  public var validation: ValidationResult {
    let results = [
      Validation.firstName(firstName),
      Validation.lastName(lastName),
      Validation.phoneNumber(phoneNumber),
    ]
    return results.first { !$0.isValid } ?? .valid
  }

  /// The draft with the surrounding white space removed from each field.
  public var trimmed: FriendDraft {
    FriendDraft(
      firstName: firstName.trimmingWhitespace(),
      lastName: lastName.trimmingWhitespace(),
      phoneNumber: phoneNumber.trimmingWhitespace())
  }
}
