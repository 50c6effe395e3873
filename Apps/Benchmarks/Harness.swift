import Dispatch

/// Settings shared by every workload of one run.
struct RunOptions {
  /// Timed repetitions after the warm-up.
  var repetitions = 5
  /// A size that replaces each workload's own, for quick runs.
  var size: Int?
}

/// One timed pass of a workload: how long its measured part took, and its checksum.
struct Pass {
  var nanoseconds: UInt64
  var checksum: Int
  /// How many of the workload's units the measured part did; `nil` means the workload's size.
  /// A workload whose size is not what it repeats (a store of `n` records, loaded once) sets it.
  var steps: Int? = nil
}

/// A workload made ready to run at one size: the pass to repeat, and what to do after the last
/// pass (remove the files it made).
struct PreparedWorkload {
  let pass: () throws -> Pass
  let finish: () -> Void
}

/// A benchmark: an id, its default size, and how to run it and print its line.
struct Workload: Sendable {
  let id: String
  let size: Int
  /// One line on what the workload measures, for `--list`.
  let summary: String
  /// Runs the workload and returns its line.
  let execute: @Sendable (RunOptions) throws -> String

  /// A workload whose `body(n)` does `n` events or operations and times the part that counts.
  /// `unit` names one of the `n` steps in the printed line ("event", "onNext", "subscription").
  static func timed(
    _ id: String, size: Int, unit: String, _ summary: String,
    body: @escaping @Sendable (Int) -> Pass
  ) -> Workload {
    prepared(id, size: size, unit: unit, summary) { n in
      PreparedWorkload(pass: { body(n) }, finish: {})
    }
  }

  /// A workload with untimed preparation (files to create once) shared by its passes.
  static func prepared(
    _ id: String, size: Int, unit: String, _ summary: String,
    prepare: @escaping @Sendable (Int) throws -> PreparedWorkload
  ) -> Workload {
    Workload(id: id, size: size, summary: summary) { options in
      let n = options.size ?? size
      let workload = try prepare(n)
      defer { workload.finish() }
      return try run(id, n: n, unit: unit, options, workload.pass)
    }
  }
}

/// The current time of a monotonic clock, in nanoseconds.
@inline(__always) func monotonicNanoseconds() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}

/// Times `body` and returns how long it took.
@inline(__always) func measure(_ body: () -> Void) -> UInt64 {
  let start = monotonicNanoseconds()
  body()
  return monotonicNanoseconds() - start
}

/// Times `body`, which may fail, and returns how long it took.
func measureThrowing(_ body: () throws -> Void) throws -> UInt64 {
  let start = monotonicNanoseconds()
  try body()
  return monotonicNanoseconds() - start
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs `pass` once untimed, then `options.repetitions` times, and formats the line of workload
/// `id` of size `n`.
func run(
  _ id: String, n: Int, unit: String, _ options: RunOptions, _ pass: () throws -> Pass
) throws -> String {
  let warmUp = try pass()
  var perStep: [Double] = []
  for _ in 0..<options.repetitions {
    let timed = try pass()
    precondition(timed.checksum == warmUp.checksum, "\(id): checksum changed")
    perStep.append(Double(timed.nanoseconds) / Double(max(timed.steps ?? n, 1)))
  }
  let nanoseconds = median(perStep)
  return line(
    id, n: n,
    fields: [
      "\(format(nanoseconds, decimals: 1)) ns/\(unit)",
      "\(format(1e9 / nanoseconds, decimals: 0)) \(unit)s/s",
      "checksum \(warmUp.checksum)",
    ])
}

/// The width of the first column: the longest workload id.
let idColumnWidth = allWorkloads.map(\.id.count).max() ?? 0

/// One output line: the id, the size, then the fields, in aligned columns.
func line(_ id: String, n: Int, fields: [String]) -> String {
  ([pad(id, idColumnWidth), pad("n=\(n)", 11)] + fields.map { pad($0, 26) }).joined(separator: " ")
    .trimmingTrailingSpaces()
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// `value` with `decimals` decimals and thousands separators.
func format(_ value: Double, decimals: Int) -> String {
  guard value.isFinite else { return "n/a" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  let whole = Int(rounded)
  var digits = String(whole)
  var grouped = ""
  while digits.count > 3 {
    grouped = "," + digits.suffix(3) + grouped
    digits.removeLast(3)
  }
  grouped = digits + grouped
  guard decimals > 0 else { return grouped }
  let fraction = Int(((rounded - Double(whole)) * scale).rounded())
  let fractionText = String(fraction)
  return grouped + "." + String(repeating: "0", count: decimals - fractionText.count) + fractionText
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
