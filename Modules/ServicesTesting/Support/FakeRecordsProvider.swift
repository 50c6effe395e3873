import Models
import ReactiveTesting
import Services

/// The collections of records of a test's app: the fakes it gives, each answering for its
/// record type, and for any other record type an empty ``InMemoryRecordsService`` on the
/// test's scheduler, made when first asked for and kept, so that a list and a form of that
/// type share their records.
///
/// Like the other fakes, it is used on the test's thread.
public final class FakeRecordsProvider: RecordsProvider {
  private let scheduler: TestScheduler
  private var services: [AnyObject]

  /// Creates the provider of `services` (each an `any RecordsService<Record>`; the first of a
  /// record type answers for it), making the others on `scheduler`.
  public init(_ services: [AnyObject] = [], scheduler: TestScheduler) {
    self.services = services
    self.scheduler = scheduler
  }

  /// The fake of the collection of `Record`s.
  public func records<Record: CollectionRecord>(_ type: Record.Type) -> any RecordsService<Record> {
    for service in services {
      if let service = service as? any RecordsService<Record> { return service }
    }
    let made = InMemoryRecordsService<Record>(scheduler: scheduler)
    services.append(made)
    return made
  }
}
