/// The sentences that say a change was made, worded once for every feature and every front:
/// the past tense of the operation, the record's name, a full stop.
///
/// A view model gives them as outputs, so no front words them again.
public enum Confirmation {
  /// "Added Ada Lovelace." once a record named `name` was added.
  public static func added(_ name: String) -> String { "Added \(name)." }

  /// "Saved Ada Lovelace." once the changes to a record named `name` were saved.
  public static func saved(_ name: String) -> String { "Saved \(name)." }

  /// "Removed Ada Lovelace." once a record named `name` was removed.
  public static func removed(_ name: String) -> String { "Removed \(name)." }
}
