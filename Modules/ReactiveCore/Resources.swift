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
  @usableFromInline static let global = Atomic<Int>(0)

  @TaskLocal @usableFromInline static var current: ResourceCounter?

  /// How many `measure` calls are running in the process. While none is, no task can have a
  /// counter bound, and `acquire` skips the task-local lookup, which costs more than the rest
  /// of the bookkeeping together.
  @usableFromInline static let measuring = Atomic<Int>(0)

  /// The number of live resources in the whole process.
  public static var total: Int { global.load(ordering: .relaxed) }

  @inlinable static func acquire() -> ResourceCounter? {
    global.add(1, ordering: .relaxed)
    // A task that has a counter bound started its `measure` (and the increment) before it
    // got here, in its own program order, so it never sees zero.
    guard measuring.load(ordering: .relaxed) > 0, let counter = current else { return nil }
    counter.count.add(1, ordering: .relaxed)
    return counter
  }

  @inlinable static func release(_ counter: ResourceCounter?) {
    global.subtract(1, ordering: .relaxed)
    counter?.count.subtract(1, ordering: .relaxed)
  }
}

/// A count of the live resources created inside `measure`, for leak tests that run in parallel.
public final class ResourceCounter: Sendable {
  @usableFromInline let count = Atomic<Int>(0)

  /// Creates a counter at zero.
  public init() {}

  /// The number of resources created inside `measure` that are still alive.
  public var live: Int { count.load(ordering: .relaxed) }

  /// Runs `body` with this counter bound to the current task.
  public func measure<Result>(_ body: () throws -> Result) rethrows -> Result {
    Resources.measuring.add(1, ordering: .relaxed)
    defer { Resources.measuring.subtract(1, ordering: .relaxed) }
    return try Resources.$current.withValue(self) { try body() }
  }

  /// Runs the asynchronous `body` with this counter bound to the current task.
  public func measure<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    Resources.measuring.add(1, ordering: .relaxed)
    defer { Resources.measuring.subtract(1, ordering: .relaxed) }
    return try await Resources.$current.withValue(self) { try await body() }
  }
}
