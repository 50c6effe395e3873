import Dispatch
import ReactiveCoreBase

extension DispatchTimeInterval {
  /// The interval in seconds, with `.never` as infinity.
  @inlinable public var seconds: Double { intervalSeconds }
}

extension MainScheduler {
  /// Whether the caller runs on the main queue (true on the main thread outside any queue, too).
  public static var isOnMainQueue: Bool { isMainQueueCurrent }
}

extension BehaviorRelay {
  /// Whether any observer is subscribed.
  public var hasObservers: Bool { relayHasObservers }
}

extension PublishRelay {
  /// Whether any observer is subscribed.
  public var hasObservers: Bool { relayHasObservers }
}

extension ReplayRelay {
  /// Whether any observer is subscribed.
  public var hasObservers: Bool { relayHasObservers }

  /// Creates a relay that replays every element it ever accepted.
  @available(*, deprecated, renamed: "createUnbound()")
  public static func createUnbounded() -> ReplayRelay<Element> {
    createUnbound()
  }
}

extension Hooks {
  /// Receives each line that the default error handler prints, without its line break.
  public typealias UnhandledErrorOutput = (_ line: String) -> Void

  /// Runs `operation` with the given settings for the subscriptions made during it, on this
  /// task; a setting left `nil` keeps its process-wide value.
  ///
  /// `unhandledErrorOutput` receives, one call a line, what the default error handler prints
  /// for the subscriptions made in the scope, instead of the standard output. A handler
  /// assigned for the process or the scope replaces the default one, and so its lines.
  public static func scoped<Result>(
    defaultErrorHandler: DefaultErrorHandler? = nil,
    recordCallStackOnError: Bool? = nil,
    customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack? = nil,
    unhandledErrorOutput: UnhandledErrorOutput? = nil,
    operation: () throws -> Result
  ) rethrows -> Result {
    try scopedHooks(
      defaultErrorHandler: defaultErrorHandler, recordCallStackOnError: recordCallStackOnError,
      customCaptureSubscriptionCallstack: customCaptureSubscriptionCallstack,
      unhandledErrorOutput: unhandledErrorOutput, operation: operation)
  }
}

extension InfallibleType where Element: Sendable {
  /// The first element, awaited: `let name = try await relay.asInfallible().value`.
  ///
  /// Subscribes when awaited and disposes the subscription once the element arrives. Throws
  /// `RxError.noElements` if the sequence completes empty, and `CancellationError` at once when
  /// the awaiting task is cancelled (which disposes the subscription).
  public var value: Element {
    get async throws { try await firstElement(of: asObservable()) }
  }
}

extension SharedSequenceConvertibleType
where SharingStrategy == DriverSharingStrategy, Element: Sendable {
  /// The driver's first element, awaited: its current state, for a `Driver` of a relay or
  /// one that starts with a value.
  ///
  /// Subscribes when awaited and disposes the subscription once the element arrives (through
  /// the driver's scheduler). Throws `RxError.noElements` if the driver completes empty, and
  /// `CancellationError` at once when the awaiting task is cancelled (which disposes the
  /// subscription).
  public var value: Element {
    get async throws { try await firstElement(of: asObservable()) }
  }
}
