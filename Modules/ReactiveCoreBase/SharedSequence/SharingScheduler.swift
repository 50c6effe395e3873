/// The scheduler on which new `Driver`s and `Signal`s deliver their events.
///
/// By default that is `MainScheduler.instance`, so a screen's closures run on the main queue.
/// Tests swap it for a virtual-time scheduler with `mock(scheduler:action:)`.
///
/// The swap is a task-local value, not a global: it applies to the `Driver`s and `Signal`s
/// created inside `action`, on that task (and tasks it creates with `Task {}`), and to nothing
/// else. Tests that run in parallel can each mock their own scheduler without seeing each
/// other's. A sequence reads the scheduler when it is created (in `asDriver`, `asSignal`,
/// `Driver.just`, …) and keeps it, so subscribing to it later, outside `action`, still
/// delivers on the mocked scheduler. Work that runs on a `DispatchQueue` or in
/// `Task.detached` does not see the mock, and neither does a sequence created later by an
/// operator's closure (say, a `Driver` made inside `flatMapLatest`) when the element that
/// triggers it arrives outside `action`: drive the test's inputs inside `action`, as a
/// virtual-time test does when it runs its scheduler there.
public enum SharingScheduler {
  /// The scheduler factory bound to the current task by `mock`, if any.
  @TaskLocal static var override: SchedulerFactory?

  /// The scheduler that a `Driver` or `Signal` created now delivers on: the mocked one inside
  /// `mock`, else a new `MainScheduler`, which (as in RxSwift) counts its own running and
  /// waiting actions, apart from `MainScheduler.instance`'s.
  public static func make() -> SchedulerType {
    if let override { return override.make() }
    return MainScheduler()
  }

  /// Runs `action` with `scheduler` as the scheduler of every `Driver` and `Signal` created
  /// during it, on this task.
  public static func mock<Result>(scheduler: SchedulerType, action: () throws -> Result)
    rethrows -> Result
  {
    try $override.withValue(SchedulerFactory { scheduler }) { try action() }
  }

  /// Runs `action` with `makeScheduler` making the scheduler of each `Driver` and `Signal`
  /// created during it, on this task.
  public static func mock<Result>(
    makeScheduler: @escaping () -> SchedulerType, action: () throws -> Result
  ) rethrows -> Result {
    try $override.withValue(SchedulerFactory(makeScheduler)) { try action() }
  }

  /// Runs the asynchronous `action` with `scheduler` as the scheduler of every `Driver` and
  /// `Signal` created during it, on this task and the child tasks it creates.
  public static func mock<Result>(
    scheduler: SchedulerType, action: () async throws -> Result,
    isolation: isolated (any Actor)? = #isolation
  ) async rethrows -> Result {
    try await $override.withValue(
      SchedulerFactory { scheduler }, operation: action, isolation: isolation)
  }

  /// Runs the asynchronous `action` with `makeScheduler` making the scheduler of each
  /// `Driver` and `Signal` created during it, on this task and the child tasks it creates.
  public static func mock<Result>(
    makeScheduler: @escaping () -> SchedulerType, action: () async throws -> Result,
    isolation: isolated (any Actor)? = #isolation
  ) async rethrows -> Result {
    try await $override.withValue(
      SchedulerFactory(makeScheduler), operation: action, isolation: isolation)
  }
}

/// The scheduler factory of a `SharingScheduler.mock` call.
///
/// It is only reachable through the task-local binding of the task that called `mock` (and
/// of the tasks that inherit it), which is where the mocked scheduler is meant to be used;
/// a scheduler that is not thread-safe, such as a virtual-time test scheduler, must not be
/// shared with concurrent child tasks.
final class SchedulerFactory: @unchecked Sendable {
  let make: () -> SchedulerType

  init(_ make: @escaping () -> SchedulerType) {
    self.make = make
  }
}
