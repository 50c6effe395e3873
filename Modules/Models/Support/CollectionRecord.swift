import Foundation

/// A record that a feature keeps in a collection: what every engine (the embedded store,
/// PostgreSQL, the HTTP client and server, the test fakes) needs to list, read, add, update
/// with a revision and remove it, written once for all records.
///
/// A feature declares its record and its draft, and gets every operation of
/// `RecordsService` on every engine:
///
/// ```swift
/// public struct Ingredient: CollectionRecord {
///   public static let collectionName = "ingredients"
///   public var id: Int
///   public var revision: Int
///   public var text: String
///   public init(id: Int, draft: IngredientDraft, revision: Int, createdAt: Date) { … }
///   public var draft: IngredientDraft { IngredientDraft(text: text) }
/// }
/// ```
///
/// The record's `Codable` form is how every engine writes it; its `revision` counts its
/// writes, so that an update made from an older revision than the stored one is refused.
public protocol CollectionRecord: Codable, Hashable, Sendable, Identifiable where ID == Int {
  /// The fields a person gives to add or change a record: everything but what the store
  /// decides (the identifier, the revision, the time it was added).
  associatedtype Draft: RecordDraft where Draft.Record == Self

  /// The collection's name, such as `ingredients`: its field in the store's snapshot and its
  /// table in a database.
  static var collectionName: String { get }
  /// The collection's path in the HTTP API, such as `ingredients` for `/ingredients` and
  /// `/ingredients/{id}`; by default ``collectionName``.
  static var routeName: String { get }
  /// The identifier the store gave the record; unique within its collection and never reused.
  var id: Int { get }
  /// How many times the record was written: ``firstRevision`` when added, one more at each
  /// change.
  var revision: Int { get }
  /// The editable fields of the record.
  var draft: Draft { get }

  /// Creates a record from the fields of a draft, with the identifier and revision the store
  /// gives it; `createdAt` is the time of the write, for a record that keeps it.
  init(id: Int, draft: Draft, revision: Int, createdAt: Date)

  /// The record with the fields of `draft`, at `revision`: what an update stores. By
  /// default a new record with the same identifier; a record with fields the store decides
  /// (when it was added) keeps them.
  func updated(with draft: Draft, revision: Int) -> Self

  /// What every front says when no record has `id`, such as "No ingredient has the id 7.".
  static func missingText(id: Int) -> String
}

extension CollectionRecord {
  /// ``collectionName``.
  public static var routeName: String { collectionName }

  /// The revision of a record just added: 1.
  public static var firstRevision: Int { 1 }

  /// A new record with the same identifier and the time of the write.
  public func updated(with draft: Draft, revision: Int) -> Self {
    Self(id: id, draft: draft, revision: revision, createdAt: Date())
  }

  /// The word for one record, such as `ingredient` for `Ingredient`: the type's name with its first
  /// letter in lower case.
  public static var recordWord: String {
    let name = _typeName(Self.self, qualified: false)
    return name.prefix(1).lowercased() + name.dropFirst()
  }

  /// "No ingredient has the id 7.", with ``recordWord``.
  public static func missingText(id: Int) -> String { "No \(recordWord) has the id \(id)." }
}

/// The fields of a record being added or edited (see ``CollectionRecord/Draft``), with the
/// rules they follow.
public protocol RecordDraft: Codable, Hashable, Sendable {
  /// The record the draft makes.
  associatedtype Record: CollectionRecord where Record.Draft == Self

  /// The draft as it is stored: each text field without the white space around it.
  var trimmed: Self { get }
  /// The first rule the (trimmed) fields break, or `.valid`.
  var validation: ValidationResult { get }
}
