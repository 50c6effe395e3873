// The benchmark executable: `benchmarks [WORKLOAD …] [--reps N] [--n N]`.
//
// Prints one line per workload: the median time per event (or operation) over the timed
// repetitions, the matching rate, and a checksum that must be the same for every
// implementation of the workload. The workloads use the public API only, so the same source
// measures another implementation of the API after a change of imports.

import Foundation

let usage = """
  usage: benchmarks [WORKLOAD …] [--reps N] [--n N]

  Runs the named workloads (all of them if none is named) in this process, with one untimed
  warm-up and N timed repetitions each (default 5), and prints one line per workload.
  --n overrides each workload's size, for quick runs under a profiler.

  workloads: \(allWorkloads.map(\.id).joined(separator: " ")) MEM
  """

var selected: [String] = []
var options = RunOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "-h", "--help", "help":
    print(usage)
    exit(0)
  case "--reps", "--n":
    guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
      printError("benchmarks: \(argument) needs a positive number\n\(usage)")
      exit(64)
    }
    if argument == "--reps" { options.repetitions = value } else { options.size = value }
  default:
    guard argument == "MEM" || allWorkloads.contains(where: { $0.id == argument }) else {
      printError("benchmarks: unknown workload '\(argument)'\n\(usage)")
      exit(64)
    }
    selected.append(argument)
  }
}
if selected.isEmpty { selected = allWorkloads.map(\.id) + ["MEM"] }

for id in selected {
  if id == "MEM" {
    print(runMemoryWorkload(options))
  } else if let workload = allWorkloads.first(where: { $0.id == id }) {
    print(run(workload, options))
  }
}

/// Writes `text` and a line break to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
