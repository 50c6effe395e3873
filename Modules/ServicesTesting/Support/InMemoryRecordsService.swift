import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services

/// A service of a collection of records that keeps them in memory and answers each call
/// `delay` milliseconds later on a `TestScheduler`, checking drafts and revisions as the real
/// ones do, for every record type; `failure` makes the next calls fail instead.
///
/// Records are kept oldest first; one added is dated by the scheduler's clock.
public final class InMemoryRecordsService<Record: CollectionRecord>: RecordsService {
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
  /// How long each answer takes, in the scheduler's ticks.
  public var delay: Int
  /// The records, oldest first.
  public private(set) var items: [Record]
  /// When set, every call fails with it.
  public var failure: ServiceError?
  /// Every call, in order.
  public private(set) var calls: [Call] = []
  private let changes = PublishRelay<Void>()

  /// Creates a fake with `items`, answering `delay` ticks after each call.
  public init(scheduler: TestScheduler, items: [Record] = [], delay: Int = 100) {
    self.scheduler = scheduler
    self.items = items
    self.delay = delay
  }

  /// The records, `delay` later.
  public func records() -> Single<[Record]> {
    calls.append(.records)
    return answer { [unowned self] in items }
  }

  /// The record, `delay` later, or `.notFound`.
  public func record(id: Int) -> Single<Record> {
    calls.append(.record(id: id))
    return answer { [unowned self] in
      let index = try position(of: id)
      return items[index]
    }
  }

  /// Adds the record `delay` later, or refuses a draft the rules refuse.
  public func add(_ draft: Record.Draft) -> Single<Record> {
    calls.append(.add(draft))
    return answer { [unowned self] in
      let draft = try Self.checked(draft)
      let record = Record(
        id: (items.map(\.id).max() ?? 0) + 1, draft: draft, revision: Record.firstRevision,
        createdAt: now)
      items.append(record)
      changes.accept(())
      return record
    }
  }

  /// Updates the record `delay` later, refusing a stale revision or a draft the rules refuse.
  public func update(_ record: Record) -> Single<Record> {
    calls.append(.update(record))
    return answer { [unowned self] in
      let index = try position(of: record.id)
      guard items[index].revision == record.revision else {
        throw ServiceError.changedElsewhere(id: record.id)
      }
      let draft = try Self.checked(record.draft)
      items[index] = items[index].updated(with: draft, revision: items[index].revision + 1)
      changes.accept(())
      return items[index]
    }
  }

  /// Removes the record `delay` later, or fails with `.notFound`.
  public func remove(id: Int) -> Completable {
    calls.append(.remove(id: id))
    return answer { [unowned self] in
      let index = try position(of: id)
      items.remove(at: index)
      changes.accept(())
    }
    .asCompletable()
  }

  /// Emits after each change made through the fake.
  public var recordsChanged: Observable<Void> { changes.asObservable() }

  private var now: Date { Date(timeIntervalSince1970: Double(scheduler.clock) / 1_000) }

  private func position(of id: Int) throws -> Int {
    guard let index = items.firstIndex(where: { $0.id == id }) else {
      throw ServiceError.notFound(id: id)
    }
    return index
  }

  private static func checked(_ draft: Record.Draft) throws -> Record.Draft {
    let draft = draft.trimmed
    if let message = draft.validation.message { throw ServiceError.invalid(message) }
    return draft
  }

  private func answer<Value>(_ body: @escaping () throws -> Value) -> Single<Value> {
    Single.create { [unowned self] observer in
      scheduler.scheduleRelative(after: .milliseconds(delay)) { [unowned self] in
        if let failure {
          observer(.failure(failure))
        } else {
          do { observer(.success(try body())) } catch { observer(.failure(error)) }
        }
        return Disposables.create()
      }
    }
  }
}
