import Foundation

/// Where a ``LoginThrottle`` keeps what it remembers of each key: in memory
/// (``MemoryThrottleStorage``), in a file, or in a database shared by several servers, so
/// that guessing spread over the servers is counted once.
public protocol ThrottleStorage<Key>: Sendable {
  /// What the throttle counts failures of: an email address, a client's address.
  associatedtype Key: Hashable & Sendable

  /// Runs `body` on the stored state of `key` (nil when none) and stores what it leaves (nil
  /// removes it), atomically with respect to every other user of the same storage (other
  /// threads, processes or replicas).
  ///
  /// `body` is pure and quick: it takes no lock and does no input or output. A storage may
  /// skip the write when `body` leaves the state unchanged.
  func update<Result>(_ key: Key, _ body: (inout ThrottleState?) -> Result) throws -> Result

  /// Removes the states with nothing left to remember at `time` given `window` (bounded
  /// memory): those for which ``ThrottleState/isQuiet(at:window:)`` holds.
  func forgetQuiet(at time: Date, window: Duration) throws
}

/// What a throttle remembers of one key.
public struct ThrottleState: Hashable, Sendable, Codable {
  /// The failures inside the window, oldest first, while no wait has started.
  public var failures: [Date]
  /// How many waits the key has had since it was last reset.
  public var waits: Int
  /// When the current or last wait ends.
  public var waitEnds: Date?

  /// Creates a state; the defaults are those of a key never seen.
  public init(failures: [Date] = [], waits: Int = 0, waitEnds: Date? = nil) {
    self.failures = failures
    self.waits = waits
    self.waitEnds = waitEnds
  }

  /// Whether nothing is left to remember at `time`: no wait ended less than `window` ago,
  /// and no failure happened less than `window` ago.
  public func isQuiet(at time: Date, window: Duration) -> Bool {
    let window = seconds(window)
    if let ends = waitEnds { return time.timeIntervalSince(ends) >= window }
    return !failures.contains { time.timeIntervalSince($0) < window }
  }
}

/// Throttle states kept in this process's memory: each process counts its own failures, and
/// restarting it forgets them. Thread-safe.
public final class MemoryThrottleStorage<Key: Hashable & Sendable>: ThrottleStorage,
  @unchecked Sendable
{
  // `@unchecked Sendable`: `states` is only touched with `lock` held; the only code run
  // while it is held is `update`'s body, which takes no lock.
  private let lock = NSLock()
  private var states: [Key: ThrottleState] = [:]

  /// Creates an empty storage.
  public init() {}

  public func update<Result>(_ key: Key, _ body: (inout ThrottleState?) -> Result) -> Result {
    lock.withLock {
      var state = states[key]
      let result = body(&state)
      states[key] = state
      return result
    }
  }

  public func forgetQuiet(at time: Date, window: Duration) {
    lock.withLock { states = states.filter { !$0.value.isQuiet(at: time, window: window) } }
  }

  /// How many keys are remembered.
  public var count: Int { lock.withLock { states.count } }
}
