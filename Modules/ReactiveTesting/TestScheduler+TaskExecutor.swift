import Foundation
import ReactiveCore

/// A `TestScheduler` runs Swift concurrency jobs as actions, in virtual time.
///
/// A task started with `Task(executorPreference: scheduler)` (or a child of one, or code in
/// `withTaskExecutorPreference(scheduler)`) runs each of its jobs, from its start to each
/// resumption after an `await` that suspended, as an action of the scheduler. `start()` and
/// `advanceTo(_:)` run those actions in order with the scheduler's other actions (test
/// observables' events, `scheduleAt`, timers), so Rx events and async code interleave on one
/// clock, deterministically, on the thread that drives the scheduler. Default actors called
/// from such a task run there too; the main actor and actors with their own executor do not.
///
/// A job enqueued at tick `t` runs at `t`, after the actions already due at `t`, when the
/// scheduler was made with `simulateProcessingDelay: false` (`TestScheduler.milliseconds()`).
/// With the default, `true`, it runs at `t + 1`, as an action scheduled for now does: each
/// resumption of a task then costs a tick, so a task that wakes from
/// `asyncClock.sleep(for: .milliseconds(300))` at tick 300 continues at 301, and one that
/// awaits an element emitted at 300 sees it at 301.
///
/// `enqueue` may be called from any thread (a continuation resumed by another queue): the job
/// runs when the driving thread next takes an action. Work that resumes from outside the
/// scheduler (a real clock, a `DispatchQueue`, the main actor) is not awaited by `start()`,
/// which returns when no action is left; keep such work out of tests on virtual time, or use
/// ``withTaskExecutorPreference(_:)``, which says when a task did not finish.
extension TestScheduler: TaskExecutor {
  /// Schedules `job` to run as an action: now, after the actions already due now (a tick
  /// later when simulating processing delay).
  ///
  /// The job is first placed before every pending action, and once the driving thread takes
  /// it, moved to the current tick: only that thread reads the clock, so a job enqueued from
  /// another thread is never placed by a clock read in the middle of an action.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    _ = scheduleAbsoluteVirtual(at: .min) { [unowned self] in
      _ = scheduleAbsoluteVirtual(at: adjustScheduledTime(clock)) { [unowned self] in
        job.runSynchronously(on: asUnownedTaskExecutor())
        return Disposables.create()
      }
      return Disposables.create()
    }
  }

  /// Runs `operation` in a task whose executor preference is this scheduler, runs the scheduler
  /// until no action is left (`start()`), and returns what `operation` returned, or throws
  /// what it threw.
  ///
  /// ```swift
  /// let scheduler = TestScheduler.milliseconds()
  /// let woke = try scheduler.withTaskExecutorPreference {
  ///   try await scheduler.asyncClock.sleep(for: .milliseconds(300))
  ///   return scheduler.clock
  /// }
  /// #expect(woke == 300)
  /// ```
  ///
  /// Call it from synchronous or asynchronous code, but not from inside one of the scheduler's
  /// actions. If `operation` is still suspended when no action is left (it awaits something
  /// this scheduler does not run: a real clock, another executor, an event never scheduled),
  /// its task is cancelled, the scheduler runs what the cancellation scheduled, and this
  /// throws ``TestSchedulerTaskDidNotFinish``.
  public func withTaskExecutorPreference<Success: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Success
  ) throws -> Success {
    let outcome = TaskOutcome<Success>()
    let task = Task(executorPreference: self) {
      do {
        outcome.set(.success(try await operation()))
      } catch {
        outcome.set(.failure(error))
      }
    }
    start()
    if let result = outcome.get() { return try result.get() }
    let clock = self.clock
    task.cancel()
    start()
    throw TestSchedulerTaskDidNotFinish(clock: clock)
  }
}

/// The error of `TestScheduler.withTaskExecutorPreference(_:)` when its operation was still
/// suspended after the scheduler had run every action.
public struct TestSchedulerTaskDidNotFinish: Error, CustomStringConvertible {
  /// The tick at which the scheduler had no action left.
  public let clock: TestTime

  /// What went wrong, and what to look for.
  public var description: String {
    "the task was still suspended at tick \(clock), when the TestScheduler had nothing left to "
      + "run: it awaits work this scheduler does not run (a real clock, a DispatchQueue, the "
      + "main actor, an event that is never scheduled)"
  }
}

/// The result of a task, written by the task and read by the thread that drives the scheduler.
final class TaskOutcome<Success: Sendable>: @unchecked Sendable {
  // `result` is guarded by `lock`.
  private let lock = NSLock()
  private var result: Result<Success, Swift.Error>?

  func set(_ result: Result<Success, Swift.Error>) { lock.withLock { self.result = result } }

  func get() -> Result<Success, Swift.Error>? { lock.withLock { result } }
}
