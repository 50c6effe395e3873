import Models
import ReactiveCore

/// The operations of a collection of records, the same for every record type: list, read,
/// add, update from a revision, remove, and a signal when the collection changes.
///
/// Each engine implements it once for every `CollectionRecord` (the embedded store, the
/// server over HTTP, the test fakes), so a feature whose data is records writes none of them:
/// its service is `any RecordsService<Ingredient>`, or a protocol refining it with what is
/// the feature's own.
///
/// Calls fail with a ``ServiceError`` whatever the backend: ``ServiceError/notFound(id:)``,
/// ``ServiceError/changedElsewhere(id:)``, ``ServiceError/invalid(_:)`` for a field the
/// draft's rules refuse (nothing is written), ``ServiceError/storage(_:)`` when local data
/// cannot be read or written, and the network's errors over HTTP.
public protocol RecordsService<Record>: AnyObject {
  /// The records of the collection.
  associatedtype Record: CollectionRecord

  /// Every record, in the collection's order.
  func records() -> Single<[Record]>
  /// One record; fails with ``ServiceError/notFound(id:)`` for an unknown id.
  func record(id: Int) -> Single<Record>
  /// Adds a record made from `draft` (trimmed) and returns it with its new id, at its first
  /// revision.
  func add(_ draft: Record.Draft) -> Single<Record>
  /// Replaces the fields of the record with the same id and returns it at its next revision.
  /// Fails with ``ServiceError/changedElsewhere(id:)`` and writes nothing when
  /// `record.revision` (the revision the change was made from) is not the stored one.
  func update(_ record: Record) -> Single<Record>
  /// Removes the record with `id`.
  func remove(id: Int) -> Completable
  /// A signal each time the records change, including by another process.
  var recordsChanged: Observable<Void> { get }
}

/// A source of the services of every collection of records: a backend, which implements
/// ``RecordsService`` once for all record types.
public protocol RecordsProvider: AnyObject {
  /// The service of the collection of `Record`s.
  func records<Record: CollectionRecord>(_ type: Record.Type) -> any RecordsService<Record>
}
