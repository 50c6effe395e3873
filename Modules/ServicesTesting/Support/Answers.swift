import Synchronization

/// Answers that a fake's script hands out one per call, in order, for a script whose answer
/// changes from one call to the next: `auth.currentStatusResponse = { answers.next() }`.
///
/// `Sendable`, as the scripts of a fake that async code calls must be: the answers left are
/// kept behind a lock.
public final class Answers<Answer: Sendable>: Sendable {
  private let remaining: Mutex<[Answer]>

  /// Creates the answers, handed out in this order.
  public init(_ answers: [Answer]) {
    remaining = Mutex(answers)
  }

  /// The next answer. Asking for more answers than were given stops the test process, as
  /// a script that was called more often than the test meant it to be is a bug in the test.
  public func next() -> Answer {
    let answer = remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    guard let answer else {
      preconditionFailure("the script was called more often than it has answers")
    }
    return answer
  }

  /// How many answers are left.
  public var count: Int { remaining.withLock { $0.count } }
}
