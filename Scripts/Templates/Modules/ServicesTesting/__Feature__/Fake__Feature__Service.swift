import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services

/// A __phrase__ service that keeps its entries in memory and answers each call `delay`
/// milliseconds later on a `TestScheduler`, as the real ones do, checking the text the same
/// way; `failure` makes the next calls fail instead.
public final class Fake__Feature__Service: __Feature__Service {
  /// One call the service received.
  public enum Call: Hashable, Sendable {
    case items
    case add(String)
    case remove(id: Int)
  }

  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// How long each answer takes, in the scheduler's ticks.
  public var delay: Int
  /// The entries, oldest first.
  public private(set) var items: [__Feature__Item]
  /// When set, every call fails with it.
  public var failure: ServiceError?
  /// Every call, in order.
  public private(set) var calls: [Call] = []
  private let changes = PublishRelay<Void>()

  /// Creates a fake with `items`, answering `delay` ticks after each call.
  public init(scheduler: TestScheduler, items: [__Feature__Item] = [], delay: Int = 100) {
    self.scheduler = scheduler
    self.items = items
    self.delay = delay
  }

  /// The entries, `delay` later.
  public func __feature__Items() -> Single<[__Feature__Item]> {
    calls.append(.items)
    return answer { [unowned self] in items }
  }

  /// Adds the entry `delay` later, or refuses a text the rules refuse.
  public func add__Feature__Item(text: String) -> Single<__Feature__Item> {
    calls.append(.add(text))
    return answer { [unowned self] in
      let text = __Feature__Item.trimmed(text)
      if let message = __Feature__Item.validate(text).message {
        throw ServiceError.invalid(message)
      }
      let item = __Feature__Item(
        id: (items.map(\.id).max() ?? 0) + 1, text: text,
        createdAt: Date(timeIntervalSince1970: Double(scheduler.clock) / 1_000))
      items.append(item)
      changes.accept(())
      return item
    }
  }

  /// Removes the entry `delay` later, or fails with `.notFound`.
  public func remove__Feature__Item(id: Int) -> Completable {
    calls.append(.remove(id: id))
    return answer { [unowned self] in
      guard let index = items.firstIndex(where: { $0.id == id }) else {
        throw ServiceError.notFound(id: id)
      }
      items.remove(at: index)
      changes.accept(())
    }
    .asCompletable()
  }

  /// Emits after each change made through the fake.
  public var __feature__ItemsChanged: Observable<Void> { changes.asObservable() }

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
