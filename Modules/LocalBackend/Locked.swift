import Foundation

/// A value that one thread at a time may read or change.
///
/// Built on `NSLock` (a pthread mutex), which ThreadSanitizer understands, so sanitizer runs
/// of the store's tests report real races only.
final class Locked<Value>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
