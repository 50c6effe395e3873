import ReactiveCoreBase
import XCTest

/// Asserts that two lists of events are equal, and on failure reports each difference.
///
/// Events compare as `Event`'s `==` says: errors by type and description.
public func XCTAssertEqual<T: Equatable>(
  _ lhs: [Event<T>], _ rhs: [Event<T>], file: StaticString = #filePath, line: UInt = #line
) {
  assertSame(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of a `Single`'s outcomes are equal, and on failure reports each
/// difference. Errors compare by type and description.
public func XCTAssertEqual<T: Equatable>(
  _ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], file: StaticString = #filePath,
  line: UInt = #line
) {
  assertSame(
    lhs.map { SingleOutcome(result: $0) }, rhs.map { SingleOutcome(result: $0) }, file: file,
    line: line)
}

/// Asserts that two lists of a `Maybe`'s outcomes are equal, and on failure reports each
/// difference. Errors compare by type and description.
public func XCTAssertEqual<T: Equatable>(
  _ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], file: StaticString = #filePath,
  line: UInt = #line
) {
  assertSame(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of a `Completable`'s outcomes are equal, and on failure reports each
/// difference. Errors compare by type and description.
public func XCTAssertEqual(
  _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath,
  line: UInt = #line
) {
  assertSame(lhs, rhs, file: file, line: line)
}

/// A `Single`'s outcome that compares as `singleEventsMatch` says and prints as the outcome.
package struct SingleOutcome<T: Equatable>: Equatable, CustomDebugStringConvertible {
  package let result: SingleEvent<T>

  package init(result: SingleEvent<T>) { self.result = result }

  package static func == (lhs: SingleOutcome, rhs: SingleOutcome) -> Bool {
    singleEventsMatch(lhs.result, rhs.result)
  }

  package var debugDescription: String { String(reflecting: result) }
}

/// Asserts that two timelines of recorded events are equal (the same events at the same
/// times); on failure, shows them side by side, tick by tick, with the first difference marked
/// (see `timelineTable` in `ReactiveTesting`).
public func XCTAssertEqual<T: Equatable>(
  _ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], file: StaticString = #filePath,
  line: UInt = #line
) {
  if let table = eventsTimelineTable(lhs, rhs) { XCTFail(table, file: file, line: line) }
}

/// Asserts that two timelines of recorded events with optional elements are equal; on failure,
/// shows them side by side.
public func XCTAssertEqual<T: Equatable>(
  _ lhs: [Recorded<Event<T?>>], _ rhs: [Recorded<Event<T?>>], file: StaticString = #filePath,
  line: UInt = #line
) {
  if let table = eventsTimelineTable(lhs, rhs) { XCTFail(table, file: file, line: line) }
}

/// Asserts that a timeline holds only elements, and that they are `elements`, whatever their
/// times. A terminal event in the timeline fails the assertion.
public func XCTAssertRecordedElements<T: Equatable>(
  _ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #filePath,
  line: UInt = #line
) {
  if let stop = stream.first(where: { $0.value.isStopEvent }) {
    XCTFail("A terminal event was recorded: \(stop)", file: file, line: line)
    return
  }
  assertSame(stream.compactMap(\.value.element), elements, file: file, line: line)
}

/// Fails with a line-by-line comparison when the two lists differ.
func assertSame<Item: Equatable>(
  _ actual: [Item], _ expected: [Item], file: StaticString, line: UInt
) {
  if let report = eventsDifferenceReport(actual, expected) {
    XCTFail(report, file: file, line: line)
  }
}

/// How `actual` differs from `expected`, line by line, or `nil` when they are equal (public in
/// `ReactiveTesting` as `differenceReport`).
package func eventsDifferenceReport<Item: Equatable>(_ actual: [Item], _ expected: [Item])
  -> String?
{
  if actual == expected { return nil }
  var lines = ["Timelines differ (- actual, + expected):"]
  for index in 0..<max(actual.count, expected.count) {
    let left = index < actual.count ? actual[index] : nil
    let right = index < expected.count ? expected[index] : nil
    if let left, let right, left == right {
      lines.append("    [\(index)] \(describe(left))")
      continue
    }
    if let left { lines.append("  - [\(index)] \(describe(left))") }
    if let right { lines.append("  + [\(index)] \(describe(right))") }
  }
  return lines.joined(separator: "\n")
}

private func describe<Item>(_ item: Item) -> String {
  String(reflecting: item)
}
