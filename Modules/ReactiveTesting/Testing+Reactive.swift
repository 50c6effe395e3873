import ReactiveCore
import Testing

/// Expects two timelines of recorded events to be equal (the same events at the same ticks); on
/// failure, records an issue that shows them side by side, tick by tick, with the first
/// difference marked (see `timelineTable`).
///
/// ```swift
/// expectEvents(enabled.events, [.next(150, false), .next(200, true)])
/// ```
public func expectEvents<T: Equatable>(
  _ actual: [Recorded<Event<T>>], _ expected: [Recorded<Event<T>>], _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let table = timelineTable(actual, expected) else { return }
  Issue.record(annotated(table, comment), sourceLocation: sourceLocation)
}

/// Expects an observer to have recorded the events `marbles` describes (see `Marbles`);
/// on failure, records an issue that shows the two timelines side by side.
///
/// ```swift
/// expectEvents(results, "^-a--b", values: ["a": [], "b": ["Ada"]], frame: 100, subscribed: 0)
/// ```
public func expectEvents<T: Equatable>(
  _ observer: TestableObserver<T>, _ marbles: String, values: [Character: T] = [:],
  error: Swift.Error = MarbleError(), frame: TestTime = 10,
  subscribed: TestTime = TestScheduler.Defaults.subscribed, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected: [Recorded<Event<T>>]
  do {
    expected = try Marbles.events(
      marbles, values: values, error: error, frame: frame, subscribed: subscribed)
  } catch {
    Issue.record(annotated("\(error)", comment), sourceLocation: sourceLocation)
    return
  }
  expectEvents(observer.events, expected, comment, sourceLocation: sourceLocation)
}

/// Expects two lists of events to be equal; on failure, records an issue that lists every
/// position and marks the ones that differ (see `differenceReport`).
public func expectEvents<T: Equatable>(
  _ actual: [Event<T>], _ expected: [Event<T>], _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let report = differenceReport(actual, expected) else { return }
  Issue.record(annotated(report, comment), sourceLocation: sourceLocation)
}

/// Expects two lists of a `Single`'s outcomes to be equal; on failure, records an issue that
/// lists every position and marks the ones that differ. Errors compare by type and description.
public func expectEvents<T: Equatable>(
  _ actual: [SingleEvent<T>], _ expected: [SingleEvent<T>], _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard
    let report = differenceReport(
      actual.map { SingleOutcome(result: $0) }, expected.map { SingleOutcome(result: $0) })
  else { return }
  Issue.record(annotated(report, comment), sourceLocation: sourceLocation)
}

/// Expects two lists of a `Maybe`'s outcomes to be equal; on failure, records an issue that
/// lists every position and marks the ones that differ.
public func expectEvents<T: Equatable>(
  _ actual: [MaybeEvent<T>], _ expected: [MaybeEvent<T>], _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let report = differenceReport(actual, expected) else { return }
  Issue.record(annotated(report, comment), sourceLocation: sourceLocation)
}

/// Expects two lists of a `Completable`'s outcomes to be equal; on failure, records an issue
/// that lists every position and marks the ones that differ.
public func expectEvents(
  _ actual: [CompletableEvent], _ expected: [CompletableEvent], _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let report = differenceReport(actual, expected) else { return }
  Issue.record(annotated(report, comment), sourceLocation: sourceLocation)
}

/// The report with the test's comment above it.
/// Expects `actual` to equal `expected`; on failure, records an issue that shows both.
///
/// ```swift
/// expectEqual(recorder.log, ["a", "b", "completed"])
/// ```
///
/// It is a function where `#expect(actual == expected)` is a macro: the compiler takes tens of
/// milliseconds to check each expansion of the macro, which a few thousand expectations make
/// minutes of every test build; a call of this takes it a fraction of that.
public func expectEqual<T: Equatable>(
  _ actual: T, _ expected: T, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  let report =
    "Expected \(String(reflecting: actual)) to equal \(String(reflecting: expected))"
  Issue.record(annotated(report, comment), sourceLocation: sourceLocation)
}

private func annotated(_ report: String, _ comment: Comment?) -> Comment {
  Comment(rawValue: comment.map { "\($0.rawValue)\n\(report)" } ?? report)
}
