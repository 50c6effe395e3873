import Synchronization

/// Lets exactly one of several racing callers through: for example the outcome of a
/// subscription and its cancellation, which may arrive on different threads at once.
final class OnlyOnce: Sendable {
  private let done = Atomic<Bool>(false)

  /// Whether this caller is the first; every later call returns `false`.
  func claim() -> Bool {
    !done.exchange(true, ordering: .acquiringAndReleasing)
  }
}

/// Carries a value that is safe to use from any thread but whose type does not say so, such
/// as the observer a `create` closure receives (it enforces the grammar with atomics).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}
