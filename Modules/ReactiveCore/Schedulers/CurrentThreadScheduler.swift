/// Runs work on the current thread, at once.
///
/// The default scheduler of the creation operators (`just`, `of`, `from`, `range`), which then
/// emit synchronously inside `subscribe`. Sources in this library emit in loops rather than by
/// recursive scheduling, so a long synchronous sequence does not deepen the stack.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
  /// The shared instance.
  public static let instance = CurrentThreadScheduler()

  /// Always `false`: work scheduled here runs at once.
  public static var isScheduleRequired: Bool { false }

  private init() {}

  /// Runs `action` at once.
  public func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    action(state)
  }
}
