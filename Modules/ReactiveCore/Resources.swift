import ReactiveCoreBase
import Synchronization

/// Counts live resources: subscriptions made with `subscribe`, and observers registered with
/// subjects and relays. A test that disposes what it subscribed can check that the count came
/// back to where it started, which proves nothing leaked.
///
/// `Resources.total` counts the whole process. Tests that run in parallel share the process, so
/// they measure with a counter of their own instead: resources created while
/// `counter.measure { … }` runs (on that task, including code the closure calls synchronously,
/// such as a `TestScheduler` run) are counted by that counter, and only by it and the total.
///
/// ```swift
/// let counter = ResourceCounter()
/// counter.measure { scheduler.start { … } }
/// #expect(counter.live == 0)
/// ```
public enum Resources {
  /// The number of live resources in the whole process.
  public static var total: Int { ResourceTotals.global.load(ordering: .relaxed) }
}

/// A count of the live resources created inside `measure`, for leak tests that run in parallel.
public final class ResourceCounter: Sendable {
  let tally = ResourceTally()

  /// Creates a counter at zero.
  public init() {}

  /// The number of resources created inside `measure` that are still alive.
  public var live: Int { tally.count.load(ordering: .relaxed) }

  /// Runs `body` with this counter bound to the current task.
  public func measure<Result>(_ body: () throws -> Result) rethrows -> Result {
    ResourceTotals.measuring.add(1, ordering: .relaxed)
    defer { ResourceTotals.measuring.subtract(1, ordering: .relaxed) }
    return try ResourceTotals.$current.withValue(tally) { try body() }
  }

  /// Runs the asynchronous `body` with this counter bound to the current task.
  public func measure<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    ResourceTotals.measuring.add(1, ordering: .relaxed)
    defer { ResourceTotals.measuring.subtract(1, ordering: .relaxed) }
    return try await ResourceTotals.$current.withValue(tally) { try await body() }
  }
}
