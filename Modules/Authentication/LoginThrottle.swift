import Foundation

/// Slows down password guessing: after ``Rule/maximumFailures`` failed attempts for one key
/// (an account's email, say) within ``Rule/window``, the key must wait before its next
/// attempt, twice as long after each further failure, up to ``Rule/maximumDelay``. A
/// success resets the key.
///
/// What the throttle remembers is kept by a ``ThrottleStorage``: in memory (the default,
/// each process counting apart) or in one that several servers share. The throttle is
/// thread-safe; its methods throw what the storage throws.
///
/// ```swift
/// let throttle = LoginThrottle<String>()
/// if case .wait(let seconds) = try throttle.check("ada@example.com") {
///   // answer 429 with "Retry-After: \(seconds)"
/// }
/// if passwordIsRight { try throttle.recordSuccess(for: email) } else { try throttle.recordFailure(for: email) }
/// ```
public final class LoginThrottle<Key: Hashable & Sendable>: @unchecked Sendable {
  // `@unchecked Sendable`: `failuresSinceForgetting` is only touched with `lock` held, and
  // nothing else is called while it is held; the rest is immutable.

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

  /// How many failures are recorded between two calls of the storage's
  /// ``ThrottleStorage/forgetQuiet(at:window:)``, so that many different keys cannot fill it.
  public static var failuresBetweenForgetting: Int { 1_000 }

  /// The window of the rule with the longest one: a key quiet for that long is forgotten.
  public let longestWindow: Duration
  /// Where the states of the keys are kept.
  public let storage: any ThrottleStorage<Key>
  private let rules: @Sendable (Key) -> Rule
  private let now: @Sendable () -> Date
  private let lock = NSLock()
  private var failuresSinceForgetting = 0

  /// Creates a throttle with one rule for every key.
  ///
  /// - Parameters:
  ///   - rule: When to make a key wait.
  ///   - storage: Where the states of the keys are kept; in this process's memory by default.
  ///   - now: The clock; tests pass one they move by hand.
  public convenience init(
    rule: Rule = Rule(), storage: any ThrottleStorage<Key> = MemoryThrottleStorage(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(rules: { _ in rule }, longestWindow: rule.window, storage: storage, now: now)
  }

  /// Creates a throttle whose rule depends on the key (client addresses, which many users
  /// may share, allowing more failures than email addresses, say).
  ///
  /// - Parameters:
  ///   - rules: The rule of each key.
  ///   - longestWindow: The longest ``Rule/window`` of the rules.
  ///   - storage: Where the states of the keys are kept; in this process's memory by default.
  ///   - now: The clock; tests pass one they move by hand.
  public init(
    rules: @escaping @Sendable (Key) -> Rule, longestWindow: Duration,
    storage: any ThrottleStorage<Key> = MemoryThrottleStorage(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.rules = rules
    self.longestWindow = longestWindow
    self.storage = storage
    self.now = now
  }

  /// The rule of `key`.
  public func rule(for key: Key) -> Rule {
    rules(key)
  }

  /// Whether `key` may try now. Refused attempts are not failures: they never reach the
  /// password check.
  public func check(_ key: Key) throws -> Decision {
    let time = now()
    return try storage.update(key) { state in Self.decision(state, at: time) }
  }

  /// Counts a failed attempt of `key`, and starts its wait when it is one too many.
  ///
  /// - Returns: The decision for the key's next attempt.
  @discardableResult
  public func recordFailure(for key: Key) throws -> Decision {
    let time = now()
    let rule = rules(key)
    let decision = try storage.update(key) { state in
      state = Self.failing(state ?? ThrottleState(), at: time, rule: rule)
      return Self.decision(state, at: time)
    }
    let forget = lock.withLock {
      failuresSinceForgetting += 1
      guard failuresSinceForgetting >= Self.failuresBetweenForgetting else { return false }
      failuresSinceForgetting = 0
      return true
    }
    if forget { try forgetQuietKeys() }
    return decision
  }

  /// Resets `key` after a successful attempt.
  public func recordSuccess(for key: Key) throws {
    try storage.update(key) { state in state = nil }
  }

  /// Drops the keys with nothing left to remember, so that many different keys cannot fill
  /// the storage; also done every ``failuresBetweenForgetting`` failures.
  public func forgetQuietKeys() throws {
    try storage.forgetQuiet(at: now(), window: longestWindow)
  }

  private static func decision(_ state: ThrottleState?, at time: Date) -> Decision {
    guard let ends = state?.waitEnds, time < ends else { return .allowed }
    return .wait(seconds: max(1, Int(ends.timeIntervalSince(time).rounded(.up))))
  }

  /// `state` after one more failure at `time`.
  private static func failing(_ state: ThrottleState, at time: Date, rule: Rule) -> ThrottleState {
    var state = state
    let window = seconds(rule.window)
    if state.waits > 0, let ends = state.waitEnds, time.timeIntervalSince(ends) >= window {
      state = ThrottleState()
    }
    state.failures.removeAll { time.timeIntervalSince($0) >= window }
    state.failures.append(time)
    if state.waits > 0 || state.failures.count >= rule.maximumFailures {
      let doubled = seconds(rule.firstDelay) * pow(2, Double(min(state.waits, 62)))
      state.waitEnds = time.addingTimeInterval(min(doubled, seconds(rule.maximumDelay)))
      state.waits += 1
      state.failures = []
    }
    return state
  }
}
