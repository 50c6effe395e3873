import ReactiveCoreBase

/// Two timelines side by side, tick by tick, or `nil` when they are equal (public in
/// `ReactiveTesting` as `timelineTable`).
package func eventsTimelineTable<T: Equatable>(
  _ actual: [Recorded<Event<T>>], _ expected: [Recorded<Event<T>>]
) -> String? {
  if actual == expected { return nil }
  let ticks = Set(actual.map(\.time)).union(expected.map(\.time)).sorted()
  let actualByTick = Dictionary(grouping: actual, by: \.time)
  let expectedByTick = Dictionary(grouping: expected, by: \.time)
  var rows: [(tick: TestTime, actual: Event<T>?, expected: Event<T>?)] = []
  for tick in ticks {
    let left = actualByTick[tick, default: []].map(\.value)
    let right = expectedByTick[tick, default: []].map(\.value)
    for index in 0..<max(left.count, right.count) {
      rows.append(
        (
          tick, index < left.count ? left[index] : nil,
          index < right.count ? right[index] : nil
        ))
    }
  }
  guard let first = rows.firstIndex(where: { $0.actual != $0.expected }) else {
    // The same events at each tick, listed in another order.
    return eventsDifferenceReport(actual, expected)
  }
  let cells = rows.map { row in
    (String(row.tick), row.actual.map(describe) ?? "", row.expected.map(describe) ?? "")
  }
  let tickWidth = max(4, cells.map(\.0.count).max() ?? 0)
  let actualWidth = max(6, cells.map(\.1.count).max() ?? 0)
  func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }
  var lines = [
    "Timelines differ; first at tick \(rows[first].tick) (>):",
    "    \(padded("tick", tickWidth, right: true)) | \(padded("actual", actualWidth)) | expected",
  ]
  for (index, row) in rows.enumerated() {
    let mark = index == first ? ">" : (row.actual != row.expected ? "*" : " ")
    let (tick, left, right) = cells[index]
    let line =
      "  \(mark) \(padded(tick, tickWidth, right: true)) | \(padded(left, actualWidth)) | \(right)"
    lines.append(String(line.reversed().drop(while: { $0 == " " }).reversed()))
  }
  return lines.joined(separator: "\n")
}

/// An event as the table shows it: `next(1)`, `error(boom)`, `completed`.
private func describe<T>(_ event: Event<T>) -> String {
  String(reflecting: event)
}
