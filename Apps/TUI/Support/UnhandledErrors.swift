import ReactiveCore
import Synchronization

/// Errors that no subscription handled, kept while the screen is drawn and printed once the
/// terminal is given back: the reactive core's default handler prints them at once (in debug
/// builds, as RxSwift does), which would write over the screen.
final class UnhandledErrors: Sendable {
  private let lines = Mutex<[String]>([])

  /// Keeps `error` in the lines RxSwift's debug builds print for it.
  func record(_ error: Error, subscriptionCallStack: [String]) {
    var recorded = ["Unhandled error happened: \(error)"]
    if !subscriptionCallStack.isEmpty {
      recorded += ["subscription called from:"] + subscriptionCallStack
    }
    lines.withLock { $0 += recorded }
  }

  /// The lines kept so far, and forgets them.
  func take() -> [String] {
    lines.withLock { lines in
      defer { lines = [] }
      return lines
    }
  }

  /// Makes the process's unhandled errors go to this collector instead of the screen.
  func install() {
    Hooks.defaultErrorHandler = { [self] callStack, error in
      record(error, subscriptionCallStack: callStack)
    }
  }
}
