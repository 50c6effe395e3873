import Foundation
import Models
import ReactiveCore
import Services

/// The operations of the collection of `Record`s on the embedded store: the embedded
/// backend's ``RecordsService``, for every record type registered in the store.
///
/// Each call is a call of the backend (see ``LocalBackend``): it waits the configured latency,
/// can be made to fail by its name (the collection's name for the list, such as `ingredients`;
/// the record's word for one, such as `ingredient`; `add`, `update`, `remove`), and a
/// write is noticed at once by ``recordsChanged``.
public final class LocalRecords<Record: CollectionRecord>: RecordsService, @unchecked Sendable {
  // Immutable; the backend is thread-safe.
  private let backend: LocalBackend

  /// The collection of `Record`s of `backend`.
  public init(_ backend: LocalBackend) {
    self.backend = backend
  }

  /// Every record, in the collection's order.
  public func records() -> Single<[Record]> {
    backend.read(Record.collectionName) { store in try store.records(Record.self) }
  }

  /// One record.
  public func record(id: Int) -> Single<Record> {
    backend.read(Record.recordWord) { store in try store.record(Record.self, id: id) }
  }

  /// Adds a record; a field its rules refuse fails with ``ServiceError/invalid(_:)``.
  public func add(_ draft: Record.Draft) -> Single<Record> {
    backend.write("add") { store in try store.add(draft) }
  }

  /// Updates a record; a stale revision fails with ``ServiceError/changedElsewhere(id:)``.
  public func update(_ record: Record) -> Single<Record> {
    backend.write("update") { store in try store.update(record) }
  }

  /// Removes a record.
  public func remove(id: Int) -> Completable {
    backend.write("remove") { store in try store.remove(Record.self, id: id) }.asCompletable()
  }

  /// Emits after each change to the records, here or in another process.
  public var recordsChanged: Observable<Void> { backend.recordsChanged(Record.self) }
}

extension LocalBackend: RecordsProvider {
  /// The embedded store's service of the collection of `Record`s.
  public func records<Record: CollectionRecord>(_ type: Record.Type) -> any RecordsService<Record> {
    LocalRecords<Record>(self)
  }
}
