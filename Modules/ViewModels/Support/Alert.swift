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
