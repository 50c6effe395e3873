import Foundation

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
  // `@unchecked Sendable`: `time` is only touched with `lock` held.
  private let lock = NSLock()
  private var time = Date(timeIntervalSince1970: 1_000_000)

  var now: Date { lock.withLock { time } }

  /// Moves the clock forward by `seconds`.
  func advance(_ seconds: TimeInterval) {
    lock.withLock { time += seconds }
  }

  /// The clock as the closure the types under test take.
  var reader: @Sendable () -> Date { { self.now } }
}
