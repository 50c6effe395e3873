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
