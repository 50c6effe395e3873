import ReactiveCoreBase

/// Where the tasks that the concurrency bridges start run.
///
/// Subscribing to `Single.create { try await … }`, `Maybe.create { try await … }`,
/// `Completable.create { try await … }` or `asyncSequence.asObservable()` starts a task. That
/// task gets an executor preference (SE-0417) chosen when the subscription is made:
///
/// 1. ``taskExecutor``, when it is bound on the subscribing task. A virtual-time scheduler that
///    is a `TaskExecutor` (`TestScheduler`) binds itself while it runs its actions (`start()`,
///    `advanceTo(_:)`), so the work of a bridge subscribed by an action runs on that scheduler,
///    in virtual time.
/// 2. Otherwise the executor preference of the subscribing task, when it has one (a task
///    started with `Task(executorPreference:)`, or code inside `withTaskExecutorPreference`).
///    Reading it needs the runtime of Swift 6.3 (Linux, Windows; macOS, iOS 26.4).
/// 3. Otherwise none: the task runs on the global concurrent executor, as a plain `Task` does.
///
/// Unstructured tasks do not inherit an executor preference, which is why the bridges pass it
/// on themselves. `Single.create(detached: true) { … }` (and `Maybe`'s and `Completable`'s)
/// opts out: its task has no executor preference, whoever subscribes. Use it for work that
/// waits on the real world (a network request), which a virtual clock cannot drive: a test
/// that advances a `TestScheduler` past the subscription then leaves the request to run on its
/// own, as in the app.
public enum ConcurrencyBridge {
  /// The executor preference of the bridge tasks subscribed on this task, when bound with
  /// `ConcurrencyBridge.withTaskExecutor(executor) { … }`.
  ///
  /// A task-local value: tasks that run in parallel (Swift Testing's tests) each see their own,
  /// and `Task {}` copies it.
  public static var taskExecutor: (any TaskExecutor)? { BridgeExecutor.taskExecutor }

  /// The executor preference that a bridge task started now gets: ``taskExecutor`` if bound,
  /// else the current task's executor preference, else `nil`.
  public static var currentTaskExecutor: (any TaskExecutor)? { BridgeExecutor.current }

  /// Runs `operation` with ``taskExecutor`` bound to `executor` on this task.
  public static func withTaskExecutor<Result>(
    _ executor: (any TaskExecutor)?, operation: () throws -> Result
  ) rethrows -> Result {
    try BridgeExecutor.$taskExecutor.withValue(executor, operation: operation)
  }

  /// Runs the asynchronous `operation` with ``taskExecutor`` bound to `executor` on this task.
  public static func withTaskExecutor<Result>(
    _ executor: (any TaskExecutor)?, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await BridgeExecutor.$taskExecutor.withValue(executor, operation: operation)
  }
}
