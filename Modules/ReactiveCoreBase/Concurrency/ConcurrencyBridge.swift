/// Where the tasks that the concurrency bridges start run (`ConcurrencyBridge` in
/// `ReactiveCore` says how it is chosen).
@usableFromInline
package enum BridgeExecutor {
  /// The executor preference of the bridge tasks subscribed on this task, when bound with
  /// `BridgeExecutor.withTaskExecutor(executor) { … }`.
  ///
  /// A task-local value: tasks that run in parallel (Swift Testing's tests) each see their own,
  /// and `Task {}` copies it.
  @TaskLocal @usableFromInline package static var taskExecutor: (any TaskExecutor)?

  /// Runs `body` with `taskExecutor` bound to `executor`.
  @usableFromInline package static func bind(_ executor: any TaskExecutor, _ body: () -> Void) {
    $taskExecutor.withValue(executor, operation: body)
  }

  /// The executor preference that a bridge task started now gets: ``taskExecutor`` if bound,
  /// else the current task's executor preference, else `nil`.
  package static var current: (any TaskExecutor)? {
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
      : Task(executorPreference: current, priority: priority, operation: operation)
  }
}
