import Synchronization

/// The counts behind `Resources` and `ResourceCounter` (in `ReactiveCore`): every
/// subscription and registered observer adds one while it lives.
@usableFromInline
package enum ResourceTotals {
  @usableFromInline package static let global = Atomic<Int>(0)

  @TaskLocal @usableFromInline package static var current: ResourceTally?

  /// How many `measure` calls are running in the process. While none is, no task can have a
  /// counter bound, and `acquire` skips the task-local lookup, which costs more than the rest
  /// of the bookkeeping together.
  @usableFromInline package static let measuring = Atomic<Int>(0)

  @inlinable static func acquire() -> ResourceTally? {
    global.add(1, ordering: .relaxed)
    // A task that has a counter bound started its `measure` (and the increment) before it
    // got here, in its own program order, so it never sees zero.
    guard measuring.load(ordering: .relaxed) > 0, let counter = current else { return nil }
    counter.count.add(1, ordering: .relaxed)
    return counter
  }

  @inlinable static func release(_ counter: ResourceTally?) {
    global.subtract(1, ordering: .relaxed)
    counter?.count.subtract(1, ordering: .relaxed)
  }
}

/// The count of one `ResourceCounter`.
@usableFromInline
package final class ResourceTally: Sendable {
  @usableFromInline package let count = Atomic<Int>(0)

  package init() {}
}
