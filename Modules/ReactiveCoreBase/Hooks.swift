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
/// The default handler is RxSwift's: in debug builds (`DEBUG` defined) it prints
/// `Unhandled error happened: <error>` and, when a call stack was recorded,
/// `subscription called from:` followed by the stack, one frame a line; in release builds it
/// does nothing. An app that draws on the terminal, or logs elsewhere, assigns its own handler
/// at start-up. `Hooks.scoped(unhandledErrorOutput:)` sends the default handler's lines
/// somewhere else for the subscriptions made in its scope, which is how tests read them.
public enum Hooks {
  /// Receives an unhandled error, with the call stack of the `subscribe` call that did not
  /// handle it (empty unless `recordCallStackOnError` is on).
  public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) ->
    Void

  /// Returns the call stack to record for a subscription.
  public typealias CustomCaptureSubscriptionCallstack = () -> [String]

  /// Receives each line that the default error handler prints, without its line break.
  package typealias UnhandledLineOutput = (_ line: String) -> Void

  /// The process-wide settings, only reached inside `settings.withLock`.
  private struct Settings: @unchecked Sendable {  // guarded by the `settings` mutex
    var errorHandler: DefaultErrorHandler = Hooks.report
    var captureCallStack: CustomCaptureSubscriptionCallstack = {
      Array(Thread.callStackSymbols.dropFirst(3))
    }
  }

  private static let settings = Mutex(Settings())
  private static let recordsCallStack = Atomic<Bool>(false)

  /// The task's override, set by `scoped`.
  @TaskLocal static var override: Override?

  /// Called with each unhandled error, in the whole process (see `Hooks`). By default, it
  /// prints the error in debug builds and does nothing in release builds.
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { settings.withLock { $0.errorHandler } }
    set { settings.withLock { $0.errorHandler = newValue } }
  }

  /// Where the default handler writes its lines while it runs for a subscription made in a
  /// scope with an `unhandledErrorOutput`; `nil` prints them.
  @TaskLocal private static var output: Output?

  /// A scope's `unhandledErrorOutput`, as a task-local value. Immutable; the closure runs on
  /// whichever thread an unhandled error arrives on.
  private final class Output: @unchecked Sendable {  // immutable
    let write: UnhandledLineOutput
    init(_ write: @escaping UnhandledLineOutput) { self.write = write }
  }

  /// The default error handler: in debug builds, prints the error and the recorded call stack
  /// as RxSwift does (to the scope's `unhandledErrorOutput`, if any); in release builds,
  /// nothing.
  private static func report(_ subscriptionCallStack: [String], _ error: Swift.Error) {
    #if DEBUG
      let write = output?.write ?? { print($0) }
      write("Unhandled error happened: \(error)")
      if !subscriptionCallStack.isEmpty {
        write("subscription called from:")
        for frame in subscriptionCallStack { write(frame) }
      }
    #endif
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
  ///
  /// `unhandledErrorOutput` receives, one call a line, what the default error handler prints
  /// for the subscriptions made in the scope, instead of the standard output. A handler
  /// assigned for the process or the scope replaces the default one, and so its lines.
  package static func scopedHooks<Result>(
    defaultErrorHandler: DefaultErrorHandler? = nil,
    recordCallStackOnError: Bool? = nil,
    customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack? = nil,
    unhandledErrorOutput: UnhandledLineOutput? = nil,
    operation: () throws -> Result
  ) rethrows -> Result {
    let outer = override
    let scope = Override(
      errorHandler: defaultErrorHandler ?? outer?.errorHandler,
      recordsCallStack: recordCallStackOnError ?? outer?.recordsCallStack,
      captureCallStack: customCaptureSubscriptionCallstack ?? outer?.captureCallStack,
      output: unhandledErrorOutput ?? outer?.output)
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
    guard let output = scope?.output.map(Output.init) else {
      return { error in (handler ?? defaultErrorHandler)(stack, error) }
    }
    return { error in
      $output.withValue(output) { (handler ?? defaultErrorHandler)(stack, error) }
    }
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
    let output: UnhandledLineOutput?

    init(
      errorHandler: DefaultErrorHandler?, recordsCallStack: Bool?,
      captureCallStack: CustomCaptureSubscriptionCallstack?, output: UnhandledLineOutput?
    ) {
      self.errorHandler = errorHandler
      self.recordsCallStack = recordsCallStack
      self.captureCallStack = captureCallStack
      self.output = output
    }
  }
}
