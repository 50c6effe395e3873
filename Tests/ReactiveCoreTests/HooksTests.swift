import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

/// Collects what an error handler receives; errors come from the test's own thread or the
/// queue it waits on.
private final class Unhandled: @unchecked Sendable {  // guarded by `lock`
  private let lock = NSLock()
  private var items: [(stack: [String], error: String)] = []

  func record(_ stack: [String], _ error: Error) {
    lock.withLock { items.append((stack, "\(error)")) }
  }

  var errors: [String] { lock.withLock { items.map(\.error) } }
  var stacks: [[String]] { lock.withLock { items.map(\.stack) } }
}

private struct Unique: Error, CustomStringConvertible {
  let id: UUID
  var description: String { "unique \(id)" }
}

@Suite(.timeLimit(.minutes(1))) struct HooksTests {
  @Test func aSubscriptionWithoutAnErrorHandlerReportsToTheScopedHandler() {
    let unhandled = Unhandled()
    Hooks.scoped(defaultErrorHandler: unhandled.record) {
      _ = Observable<Int>.error(TestFailure.boom).subscribe(onNext: { _ in })
      _ = Observable<Int>.error(TestFailure.broken).subscribe(onError: { _ in })
      _ = Single<Int>.error(TestFailure.other).subscribe(onSuccess: { _ in })
      _ = Maybe<Int>.error(TestFailure.broken).subscribe()
      _ = Completable.error(TestFailure.boom).subscribe(onCompleted: {})
      _ = Completable.error(TestFailure.other).subscribe(onError: { _ in })
    }
    expectEqual(unhandled.errors, ["boom", "other", "broken", "boom"])
    #expect(unhandled.stacks.allSatisfy { $0.isEmpty })
  }

  @Test func aSubscriptionKeepsTheHandlerItWasMadeUnder() throws {
    let unhandled = Unhandled()
    let subject = PublishSubject<Int>()
    let subscription = Hooks.scoped(defaultErrorHandler: unhandled.record) {
      subject.subscribe(onNext: { _ in })
    }
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      subject.onError(TestFailure.broken)
      done.signal()
    }
    expectEqual(done.wait(timeout: .now() + 10), .success)
    subscription.dispose()
    expectEqual(unhandled.errors, ["broken"])
  }

  @Test func theCallStackIsRecordedWhenAsked() {
    let unhandled = Unhandled()
    Hooks.scoped(defaultErrorHandler: unhandled.record, recordCallStackOnError: true) {
      _ = Observable<Int>.error(TestFailure.boom).subscribe()
      Hooks.scoped(customCaptureSubscriptionCallstack: { ["here", "there"] }) {
        _ = Single<Int>.error(TestFailure.other).subscribe()
      }
    }
    Hooks.scoped(defaultErrorHandler: unhandled.record, recordCallStackOnError: false) {
      _ = Observable<Int>.error(TestFailure.broken).subscribe()
    }
    expectEqual(unhandled.errors, ["boom", "other", "broken"])
    expectEqual(unhandled.stacks[0].isEmpty, false)
    expectEqual(unhandled.stacks[1], ["here", "there"])
    #expect(unhandled.stacks[2].isEmpty)
  }

  @Test(arguments: 0..<50)
  func parallelScopesSeeOnlyTheirOwnErrors(index: Int) {
    let unhandled = Unhandled()
    Hooks.scoped(defaultErrorHandler: unhandled.record) {
      _ = Observable<Int>.error(TestError("case \(index)")).subscribe()
    }
    expectEqual(unhandled.errors, ["case \(index)"])
  }

  /// The one test that sets the process-wide handler. Its error is unique, so it passes the
  /// unhandled errors of tests that run meanwhile to the previous handler, and it puts that
  /// handler back.
  @Test func theProcessWideHandlerReceivesUnscopedErrors() {
    let unhandled = Unhandled()
    let mine = Unique(id: UUID())
    let previous = Hooks.defaultErrorHandler
    Hooks.defaultErrorHandler = { stack, error in
      if (error as? Unique)?.id == mine.id {
        unhandled.record(stack, error)
      } else {
        previous(stack, error)
      }
    }
    defer { Hooks.defaultErrorHandler = previous }
    _ = Observable<Int>.error(mine).subscribe()
    expectEqual(unhandled.errors, ["\(mine)"])
  }
}
