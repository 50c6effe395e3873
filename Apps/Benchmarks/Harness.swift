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
}

/// A benchmark: `body(n)` does `n` events or operations and times the part that counts.
struct Workload: Sendable {
  let id: String
  let size: Int
  /// What one of the `n` steps is, for the printed line ("event", "onNext", "subscription").
  let unit: String
  let body: @Sendable (Int) -> Pass
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

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs `workload` once untimed, then `options.repetitions` times, and formats its line.
func run(_ workload: Workload, _ options: RunOptions) -> String {
  let n = options.size ?? workload.size
  let warmUp = workload.body(n)
  var perStep: [Double] = []
  for _ in 0..<options.repetitions {
    let pass = workload.body(n)
    precondition(pass.checksum == warmUp.checksum, "\(workload.id): checksum changed")
    perStep.append(Double(pass.nanoseconds) / Double(n))
  }
  let nanoseconds = median(perStep)
  return line(
    workload.id, n: n,
    fields: [
      "\(format(nanoseconds, decimals: 1)) ns/\(workload.unit)",
      "\(format(1e9 / nanoseconds, decimals: 0)) \(workload.unit)s/s",
      "checksum \(warmUp.checksum)",
    ])
}

/// One output line: the id, the size, then the fields, in aligned columns.
func line(_ id: String, n: Int, fields: [String]) -> String {
  ([pad(id, 5), pad("n=\(n)", 11)] + fields.map { pad($0, 26) }).joined(separator: " ")
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

/// A running total that the workloads' closures update. A captured `var` would cost a runtime
/// exclusivity check on every update, the same for every implementation; this keeps the
/// subscribers' own work negligible, so the figures measure the library.
final class Total {
  private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)

  init() { storage.initialize(to: 0) }

  deinit { storage.deallocate() }

  var value: Int { storage.pointee }

  @inline(__always) func add(_ amount: Int) { storage.pointee &+= amount }

  @inline(__always) func set(_ value: Int) { storage.pointee = value }
}
