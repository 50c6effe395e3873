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
  /// `ConcurrencyBridge.$taskExecutor.withValue(executor) { … }`.
  ///
  /// A task-local value: tasks that run in parallel (Swift Testing's tests) each see their own,
  /// and `Task {}` copies it.
  @TaskLocal public static var taskExecutor: (any TaskExecutor)?

  /// The executor preference that a bridge task started now gets: ``taskExecutor`` if bound,
  /// else the current task's executor preference, else `nil`.
  public static var currentTaskExecutor: (any TaskExecutor)? {
    if let taskExecutor { return taskExecutor }
    if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
      return withUnsafeCurrentTask { task in task?.unownedTaskExecutor?.asTaskExecutor() }
    }
    return nil
  }

  /// Starts the task of a bridge subscription: with the current executor preference, or, when
  /// `detached`, with none (and no task-local values), on the global concurrent executor.
  static func startTask(
    detached: Bool = false, priority: TaskPriority?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    detached
      ? Task.detached(priority: priority, operation: operation)
      : Task(executorPreference: currentTaskExecutor, priority: priority, operation: operation)
  }
}
