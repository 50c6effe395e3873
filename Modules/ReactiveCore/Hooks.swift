import Foundation
import Synchronization

/// What happens to an error that no one handles: the error of a `subscribe` called without
/// `onError` (or, for `Single`, `Maybe` and `Completable`, without `onFailure`/`onError`).
///
/// The three settings have RxSwift's names and types and two scopes:
///
/// - **The process.** Assigning `Hooks.defaultErrorHandler`, `recordCallStackOnError` or
///   `customCaptureSubscriptionCallstack` changes them for every subscription in the process,
///   as in RxSwift. Each is guarded by a lock, so it may be set from any thread; set them once,
///   at start-up. A test must not assign them: tests run in parallel in one process, and
///   another test's unhandled error would reach its handler.
/// - **A task.** `Hooks.scoped(defaultErrorHandler:recordCallStackOnError:…:operation:)`
///   overrides them for the subscriptions made inside `operation`, on that task (and the tasks
///   it creates), and for nothing else. A subscription keeps the override it was made under,
///   so its error reaches the scoped handler even when it arrives later, on another thread.
///   This is what parallel tests use.
///
/// The default handler does nothing (RxSwift's prints the error in debug builds; a terminal
/// app's screen is no place for that): assign one to log unhandled errors.
public enum Hooks {
  /// Receives an unhandled error, with the call stack of the `subscribe` call that did not
  /// handle it (empty unless `recordCallStackOnError` is on).
  public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) ->
    Void

  /// Returns the call stack to record for a subscription.
  public typealias CustomCaptureSubscriptionCallstack = () -> [String]

  /// The process-wide settings, only reached inside `settings.withLock`.
  private struct Settings: @unchecked Sendable {  // guarded by the `settings` mutex
    var errorHandler: DefaultErrorHandler = { _, _ in }
    var captureCallStack: CustomCaptureSubscriptionCallstack = {
      Array(Thread.callStackSymbols.dropFirst(3))
    }
  }

  private static let settings = Mutex(Settings())
  private static let recordsCallStack = Atomic<Bool>(false)

  /// The task's override, set by `scoped`.
  @TaskLocal static var override: Override?

  /// Called with each unhandled error, in the whole process (see `Hooks`).
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { settings.withLock { $0.errorHandler } }
    set { settings.withLock { $0.errorHandler = newValue } }
  }

  /// Makes the call stack that a subscription records when `recordCallStackOnError` is on,
  /// in the whole process. By default, `Thread.callStackSymbols` of the `subscribe` call.
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { settings.withLock { $0.captureCallStack } }
    set { settings.withLock { $0.captureCallStack = newValue } }
  }

  /// Whether each `subscribe` without an error handler records its call stack, for the
  /// `defaultErrorHandler`, in the whole process. Off by default: recording costs time at
  /// every such subscription.
  public static var recordCallStackOnError: Bool {
    get { recordsCallStack.load(ordering: .relaxed) }
    set { recordsCallStack.store(newValue, ordering: .relaxed) }
  }

  /// Runs `operation` with the given settings for the subscriptions made during it, on this
  /// task; a setting left `nil` keeps its process-wide value.
  public static func scoped<Result>(
    defaultErrorHandler: DefaultErrorHandler? = nil,
    recordCallStackOnError: Bool? = nil,
    customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack? = nil,
    operation: () throws -> Result
  ) rethrows -> Result {
    let outer = override
    let scope = Override(
      errorHandler: defaultErrorHandler ?? outer?.errorHandler,
      recordsCallStack: recordCallStackOnError ?? outer?.recordsCallStack,
      captureCallStack: customCaptureSubscriptionCallstack ?? outer?.captureCallStack)
    return try $override.withValue(scope) { try operation() }
  }

  /// The error handler for a `subscribe` call made now without one: it calls the default
  /// handler in force at this call (the task's override, else the process's when the error
  /// comes) with the call stack recorded now, if recording is on.
  @usableFromInline
  static func unhandledErrorReporter() -> (Swift.Error) -> Void {
    let scope = override
    guard scope != nil || recordCallStackOnError else { return reportWithoutCallStack }
    let records = scope?.recordsCallStack ?? recordCallStackOnError
    let stack = records ? (scope?.captureCallStack ?? customCaptureSubscriptionCallstack)() : []
    let handler = scope?.errorHandler
    return { error in (handler ?? defaultErrorHandler)(stack, error) }
  }

  /// Reports `error` to the process's handler, with no call stack.
  private static func reportWithoutCallStack(_ error: Swift.Error) {
    defaultErrorHandler([], error)
  }

  /// The settings a `scoped` call overrides; `nil` keeps the process's.
  ///
  /// Immutable. Its closures run on whichever thread an unhandled error arrives on, as the
  /// process-wide ones do.
  final class Override: @unchecked Sendable {  // immutable
    let errorHandler: DefaultErrorHandler?
    let recordsCallStack: Bool?
    let captureCallStack: CustomCaptureSubscriptionCallstack?

    init(
      errorHandler: DefaultErrorHandler?, recordsCallStack: Bool?,
      captureCallStack: CustomCaptureSubscriptionCallstack?
    ) {
      self.errorHandler = errorHandler
      self.recordsCallStack = recordsCallStack
      self.captureCallStack = captureCallStack
    }
  }
}
