import Foundation
import ReactiveCoreBase

/// How long `retry(_:delay:scheduler:)` waits before each new attempt.
public enum RetryDelay: Sendable, Equatable {
  /// Resubscribe at once.
  case immediate
  /// Wait the same time before every retry.
  case constant(RxTimeInterval)
  /// Wait `initial` before the first retry, and `multiplier` times longer before each next one
  /// (retry k waits `initial × multiplier^(k-1)`), never longer than `maxDelay` when given.
  case exponential(initial: RxTimeInterval, multiplier: Double, maxDelay: RxTimeInterval? = nil)

  /// The wait before retry number `retry` (1 for the first retry), or `nil` to resubscribe at
  /// once.
  @inlinable
  public func delay(beforeRetry retry: Int) -> RxTimeInterval? {
    switch self {
    case .immediate:
      return nil
    case .constant(let interval):
      return interval
    case .exponential(let initial, let multiplier, let maxDelay):
      if initial.isNever { return .never }
      var seconds = initial.seconds * pow(multiplier, Double(max(retry - 1, 0)))
      if let maxDelay { seconds = min(seconds, maxDelay.seconds) }
      if !seconds.isFinite || seconds >= Double(Int.max) / 1_000_000_000 { return .never }
      return .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
    }
  }
}

extension ObservableType {
  /// Subscribes to the source up to `maxAttempts` times in all (the first attempt and
  /// `maxAttempts - 1` retries), waiting `delay` on `scheduler` before each retry.
  ///
  /// The error of the last attempt is forwarded. Disposing the subscription during a wait
  /// cancels the pending retry. `retry(3, delay: .exponential(initial: .milliseconds(200),
  /// multiplier: 2), scheduler: s)` retries twice, 200 ms and then 400 ms after each failure.
  @inlinable
  public func retry(_ maxAttempts: Int, delay: RetryDelay, scheduler: SchedulerType)
    -> Observable<Element>
  {
    precondition(maxAttempts >= 1, "retry(_:delay:scheduler:) needs maxAttempts of at least 1")
    return retry(
      maxAttempts, delayBeforeRetry: { delay.delay(beforeRetry: $0) }, scheduler: scheduler)
  }
}
