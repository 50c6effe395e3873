/// A message that needs the user's acknowledgement: a title, a message and one button.
public struct Alert: Hashable, Sendable {
  /// The title, in a few words.
  public var title: String
  /// What happened, in a sentence.
  public var message: String
  /// The label of the button that dismisses it.
  public var button: String

  /// Creates an alert.
  public init(title: String, message: String, button: String = "OK") {
    self.title = title
    self.message = message
    self.button = button
  }
}

/// The question asked before a record is deleted, in the same words for every kind of record:
/// "Delete ingredient" over "Delete flour? This cannot be undone.", with "Delete" and "Keep".
public struct DeletionQuestion: Hashable, Sendable {
  /// "Delete ingredient": the record's kind.
  public var title: String
  /// "Delete flour? This cannot be undone.": the record's name.
  public var message: String
  /// The label of the button that deletes.
  public var confirm = "Delete"
  /// The label of the button that keeps the record.
  public var cancel = "Keep"

  /// The question for the record called `name`, of the kind `recordWord` ("ingredient").
  public init(recordWord: String, name: String) {
    title = "Delete \(recordWord)"
    message = "Delete \(name)? This cannot be undone."
  }
}
