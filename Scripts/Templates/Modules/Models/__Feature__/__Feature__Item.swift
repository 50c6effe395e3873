import Foundation

/// One entry of the __phrase__ feature, kept in the collection `__feature__` and served at
/// `/__command__`: the fields of ``__Feature__Draft``, and what the store decides.
///
/// Every engine lists, reads, adds, updates and removes it through `RecordsService`, written
/// once for all records; its stored and HTTP form, its form, its command-line options and its
/// screen follow from the fields its draft declares.
@dynamicMemberLookup
public struct __Feature__Item: DeclaredRecord {
  /// The fields.
  public typealias Draft = __Feature__Draft
  /// The store's collection, and the routes' path.
  public static let collectionName = "__feature__", routeName = "__command__"
  /// What the store keeps.
  public let contents: RecordContents<Draft>
  /// The entry the store keeps as `contents`.
  public init(contents: RecordContents<Draft>) { self.contents = contents }
}

/// The fields of an entry of the __phrase__ feature, declared once: add one as a property with
/// its initial value and a line in ``fields``.
public struct __Feature__Draft: DeclaredDraft {
  /// The entry the draft makes.
  public typealias Record = __Feature__Item

  /// The fields, in the order the form, the list and `--help` show them.
  public static var fields: [Field<Self>] {
    [
      // __FIELDS__
    ]
  }

  // __PROPERTIES__

  /// One entry's word in messages, such as "No __word__ has the id 7.".
  public static var recordWord: String { "__word__" }

  /// A draft with each field at its initial value.
  public init() {}
}
