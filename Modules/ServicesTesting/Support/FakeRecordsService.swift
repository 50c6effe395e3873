import Models
import ReactiveCore
import ReactiveTesting
import Services

/// A service of a collection of records whose answers a test scripts as timelines on a
/// `TestScheduler`, for every record type; a call the test did not script fails the test.
public final class FakeRecordsService<Record: CollectionRecord>: RecordsService {
  /// One call the service received.
  public enum Call: Hashable, Sendable {
    case records
    case record(id: Int)
    case add(Record.Draft)
    case update(Record)
    case remove(id: Int)
  }

  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// The answer to `records()`, given how many times it was called before.
  public var recordsResponse: ((Int) -> [Recorded<Event<[Record]>>])?
  /// The answer to `record(id:)`.
  public var recordResponse: ((Int) -> [Recorded<Event<Record>>])?
  /// The answer to `add(_:)`.
  public var addResponse: ((Record.Draft) -> [Recorded<Event<Record>>])?
  /// The answer to `update(_:)`. A real service refuses a stale `revision` with
  /// `ServiceError.changedElsewhere(id:)`: script that error to test what a form does then.
  public var updateResponse: ((Record) -> [Recorded<Event<Record>>])?
  /// The answer to `remove(id:)`.
  public var removeResponse: ((Int) -> [Recorded<Event<Never>>])?
  /// Emits when the test says the data changed.
  public let changes = PublishRelay<Void>()

  /// Every call, in order.
  public private(set) var calls: [Call] = []

  /// Creates a fake that answers on `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Answers with the scripted `recordsResponse`.
  public func records() -> Single<[Record]> {
    let count = calls.filter { $0 == .records }.count
    calls.append(.records)
    guard let recordsResponse else { return .error(unscripted("records()")) }
    return single(recordsResponse(count))
  }

  /// Answers with the scripted `recordResponse`.
  public func record(id: Int) -> Single<Record> {
    calls.append(.record(id: id))
    guard let recordResponse else { return .error(unscripted("record(id: \(id))")) }
    return single(recordResponse(id))
  }

  /// Answers with the scripted `addResponse`.
  public func add(_ draft: Record.Draft) -> Single<Record> {
    calls.append(.add(draft))
    guard let addResponse else { return .error(unscripted("add(\(draft))")) }
    return single(addResponse(draft))
  }

  /// Answers with the scripted `updateResponse`.
  public func update(_ record: Record) -> Single<Record> {
    calls.append(.update(record))
    guard let updateResponse else { return .error(unscripted("update(\(record))")) }
    return single(updateResponse(record))
  }

  /// Answers with the scripted `removeResponse`.
  public func remove(id: Int) -> Completable {
    calls.append(.remove(id: id))
    guard let removeResponse else { return .error(unscripted("remove(id: \(id))")) }
    return scheduler.createColdObservable(removeResponse(id)).asObservable().asCompletable()
  }

  /// The changes the test announces with `changes.accept(())`.
  public var recordsChanged: Observable<Void> { changes.asObservable() }

  private func single<Element>(_ events: [Recorded<Event<Element>>]) -> Single<Element> {
    scheduler.createColdObservable(events).asObservable().asSingle()
  }
}
