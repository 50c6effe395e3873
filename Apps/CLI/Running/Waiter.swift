import Foundation

/// How a command waits for its view model's outputs to say that it is done.
///
/// The program waits on the main run loop, where Drivers and Signals deliver and where the
/// main scheduler's timers fire; tests wait on virtual time, advancing a test scheduler
/// instead. Commands never sleep: they state what "done" means and let the waiter get there.
struct Waiter {
  /// Why a wait ended.
  enum Outcome: Equatable {
    /// The condition became true.
    case done
    /// The wait was cut short: the user pressed Ctrl-C (or a test's time ran out).
    case interrupted
  }

  private let body: @MainActor (_ isDone: () -> Bool) -> Outcome

  /// A waiter that runs `body`, which returns once `isDone()` is true or the wait is cut short.
  init(_ body: @escaping @MainActor (_ isDone: () -> Bool) -> Outcome) {
    self.body = body
  }

  /// Waits until `isDone()` is true, or until the wait is cut short.
  @MainActor func wait(until isDone: () -> Bool) -> Outcome {
    body(isDone)
  }

  /// Runs the main run loop, one batch of work at a time, until `isDone()` is true.
  ///
  /// Ctrl-C ends the whole process from its signal handler (see `Interruption`), so this wait
  /// itself only ever ends done.
  static var mainRunLoop: Waiter {
    Waiter { isDone in
      while !isDone() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
      }
      return .done
    }
  }
}
