import Foundation
import Models
import ReactiveCore
import Services

/// The operations of the collection of `Record`s on the app's server: the remote backend's
/// ``RecordsService``, for every record type the server keeps (see `RecordRoutes`).
///
/// Calls are the backend's (see ``RemoteBackend``): each runs its request when subscribed,
/// and a write makes ``recordsChanged`` read the collection again at once.
public final class RemoteRecords<Record: CollectionRecord>: RecordsService, @unchecked Sendable {
  // Immutable; the backend is thread-safe.
  private let backend: RemoteBackend

  /// The collection of `Record`s of `backend`.
  public init(_ backend: RemoteBackend) {
    self.backend = backend
  }

  /// Every record.
  public func records() -> Single<[Record]> {
    backend.call { client in try await client.records(Record.self) }
  }

  /// One record.
  public func record(id: Int) -> Single<Record> {
    backend.call { client in try await client.record(Record.self, id: id) }
  }

  /// Adds a record.
  public func add(_ draft: Record.Draft) -> Single<Record> {
    backend.write { client in try await client.add(draft) }
  }

  /// Updates a record.
  public func update(_ record: Record) -> Single<Record> {
    backend.write { client in try await client.update(record) }
  }

  /// Removes a record.
  public func remove(id: Int) -> Completable {
    backend.write { client in try await client.remove(Record.self, id: id) }.asCompletable()
  }

  /// Emits when a read of the records differs from the one before: at each poll, and after
  /// each write made through this backend. The first read is the baseline and is not a
  /// change, unless a write made through this backend since subscribing came first (that
  /// write cancels the baseline read, and its change must not be lost).
  public var recordsChanged: Observable<Void> {
    backend.polled { client in try await client.records(Record.self) }.enumerated()
      .filter { $0.index > 0 || $0.element.followsWrite }
      .map { _ in () }
  }
}

extension RemoteBackend: RecordsProvider {
  /// The server's service of the collection of `Record`s.
  public func records<Record: CollectionRecord>(_ type: Record.Type) -> any RecordsService<Record> {
    RemoteRecords<Record>(self)
  }
}
