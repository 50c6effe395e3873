import Foundation

/// Slows down password guessing: after ``Rule/maximumFailures`` failed attempts for one key
/// (an account's email, say) within ``Rule/window``, the key must wait before its next
/// attempt, twice as long after each further failure, up to ``Rule/maximumDelay``. A
/// success resets the key. The throttle is in memory and thread-safe.
///
/// ```swift
/// let throttle = LoginThrottle<String>()
/// if case .wait(let seconds) = throttle.check("ada@example.com") {
///   // answer 429 with "Retry-After: \(seconds)"
/// }
/// if passwordIsRight { throttle.recordSuccess(for: email) } else { throttle.recordFailure(for: email) }
/// ```
public final class LoginThrottle<Key: Hashable & Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: `states` is only touched with `lock` held; the rest is immutable.

  /// When a key must wait, and for how long.
  public struct Rule: Hashable, Sendable {
    /// How many failures within ``window`` start the waiting: 5.
    public var maximumFailures: Int
    /// How far back failures are counted, and how long a key must stay quiet after its
    /// last wait before it is forgotten: 15 minutes.
    public var window: Duration
    /// The first wait, doubled by each further failure: 30 seconds.
    public var firstDelay: Duration
    /// The longest wait: 1 hour, so that guessing cannot lock the owner out for long.
    public var maximumDelay: Duration

    /// Creates a rule; the defaults are the ones above.
    public init(
      maximumFailures: Int = 5, window: Duration = .seconds(15 * 60),
      firstDelay: Duration = .seconds(30), maximumDelay: Duration = .seconds(60 * 60)
    ) {
      self.maximumFailures = maximumFailures
      self.window = window
      self.firstDelay = firstDelay
      self.maximumDelay = maximumDelay
    }
  }

  /// Whether a key may try now.
  public enum Decision: Hashable, Sendable {
    /// It may try.
    case allowed
    /// It must wait this many more seconds (rounded up, at least 1): the value of a
    /// `Retry-After` header.
    case wait(seconds: Int)
  }

  private struct State {
    /// The failures inside the window, oldest first, while no wait has started.
    var failures: [Date] = []
    /// How many waits the key has had since it was last reset.
    var waits = 0
    /// When the current or last wait ends.
    var waitEnds: Date?
  }

  /// The rule in force.
  public let rule: Rule
  private let now: @Sendable () -> Date
  private let lock = NSLock()
  private var states: [Key: State] = [:]

  /// Creates a throttle.
  ///
  /// - Parameters:
  ///   - rule: When to make a key wait.
  ///   - now: The clock; tests pass one they move by hand.
  public init(rule: Rule = Rule(), now: @escaping @Sendable () -> Date = { Date() }) {
    self.rule = rule
    self.now = now
  }

  /// Whether `key` may try now. Refused attempts are not failures: they never reach the
  /// password check.
  public func check(_ key: Key) -> Decision {
    let time = now()
    return lock.withLock {
      guard let ends = states[key]?.waitEnds, time < ends else { return .allowed }
      return .wait(seconds: max(1, Int(ends.timeIntervalSince(time).rounded(.up))))
    }
  }

  /// Counts a failed attempt of `key`, and starts its wait when it is one too many.
  ///
  /// - Returns: The decision for the key's next attempt.
  @discardableResult
  public func recordFailure(for key: Key) -> Decision {
    let time = now()
    let window = seconds(rule.window)
    lock.withLock {
      var state = states[key] ?? State()
      if state.waits > 0, let ends = state.waitEnds, time.timeIntervalSince(ends) >= window {
        state = State()
      }
      state.failures.removeAll { time.timeIntervalSince($0) >= window }
      state.failures.append(time)
      if state.waits > 0 || state.failures.count >= rule.maximumFailures {
        let doubled = seconds(rule.firstDelay) * pow(2, Double(min(state.waits, 62)))
        state.waitEnds = time.addingTimeInterval(min(doubled, seconds(rule.maximumDelay)))
        state.waits += 1
        state.failures = []
      }
      states[key] = state
      if states.count > 10_000 { forgetQuietKeys(at: time) }
    }
    return check(key)
  }

  /// Resets `key` after a successful attempt.
  public func recordSuccess(for key: Key) {
    _ = lock.withLock { states.removeValue(forKey: key) }
  }

  /// Drops the keys with nothing left to remember, so that many different keys cannot fill
  /// the memory. Called with `lock` held.
  private func forgetQuietKeys(at time: Date) {
    let window = seconds(rule.window)
    states = states.filter { _, state in
      if let ends = state.waitEnds { return time.timeIntervalSince(ends) < window }
      return state.failures.contains { time.timeIntervalSince($0) < window }
    }
  }
}
