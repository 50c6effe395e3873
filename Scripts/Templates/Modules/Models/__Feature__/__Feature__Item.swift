import Foundation

/// One entry of the __phrase__ feature: its text and when it was added, kept in the
/// collection `__feature__`.
///
/// The store keeps it as it is written in JSON (its `Codable` form), and the HTTP API sends it
/// the same way: its fields are declared here only. Every engine lists, reads, adds, updates
/// and removes it through `RecordsService`, written once for all records.
public struct __Feature__Item: CollectionRecord {
  /// `__feature__`: the store's collection.
  public static let collectionName = "__feature__"
  /// `__command__`: the routes' path, `/__command__`.
  public static let routeName = "__command__"
  /// The identifier the store gave it.
  public var id: Int
  /// How many times it was written: 1 when added, one more at each change.
  public var revision: Int
  /// The text, trimmed; see ``__Feature__Draft/validation``.
  public var text: String
  /// When it was added.
  public var createdAt: Date

  /// Creates an entry from its draft, at `revision`, added at `createdAt`.
  public init(id: Int, draft: __Feature__Draft, revision: Int, createdAt: Date) {
    self.id = id
    self.revision = revision
    text = draft.text
    self.createdAt = createdAt
  }

  /// The editable fields.
  public var draft: __Feature__Draft { __Feature__Draft(text: text) }

  /// The entry with the fields of `draft`, at `revision`, still added when it was.
  public func updated(with draft: __Feature__Draft, revision: Int) -> Self {
    Self(id: id, draft: draft, revision: revision, createdAt: createdAt)
  }
}

/// The fields of a __phrase__ entry being added or edited.
public struct __Feature__Draft: RecordDraft {
  /// The entry the draft makes.
  public typealias Record = __Feature__Item

  /// The text.
  public var text: String

  /// Creates a draft.
  public init(text: String) {
    self.text = text
  }

  /// The longest text, in characters.
  public static let maximumLength = 40

  /// The draft without spaces and line breaks at either end of the text.
  public var trimmed: Self { Self(text: text.trimmingCharacters(in: .whitespacesAndNewlines)) }

  /// Whether the text (already trimmed) can be an entry's, and if not, why.
  public var validation: ValidationResult {
    if text.isEmpty { return .invalid("An entry cannot be empty.") }
    if text.count > Self.maximumLength {
      return .invalid("An entry can have at most \(Self.maximumLength) characters.")
    }
    return .valid
  }
}
