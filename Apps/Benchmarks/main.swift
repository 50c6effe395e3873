// The benchmark executable: `benchmarks [WORKLOAD …] [--reps N] [--n N]`, `benchmarks --list`.
//
// Prints one line per workload: the median time per event (or operation) over the timed
// repetitions, the matching rate, and a checksum that must be the same for every
// implementation of the workload. The reactive workloads use the public API only, so the same
// source measures another implementation of the API after a change of imports.

import Foundation

let usage = """
  usage: benchmarks [WORKLOAD …] [--reps N] [--n N]
         benchmarks --list

  Runs the named workloads (all of them if none is named) in this process, with one untimed
  warm-up and N timed repetitions each (default 5), and prints one line per workload.
  --n overrides each workload's size, for quick runs under a profiler.
  --list prints the workloads, their sizes and what each measures.
  """

/// One line per workload: its id, its default size and what it measures.
func workloadList() -> String {
  allWorkloads.map { workload in
    pad(workload.id, idColumnWidth) + " "
      + pad("n=\(format(Double(workload.size), decimals: 0))", 13)
      + " " + workload.summary
  }.joined(separator: "\n")
}

/// Writes `text` and a line break to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

var selected: [Workload] = []
var options = RunOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "-h", "--help", "help":
    print(usage)
    print("\nworkloads:\n" + workloadList())
    exit(0)
  case "--list":
    print(workloadList())
    exit(0)
  case "--reps", "--n":
    guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
      printError("benchmarks: \(argument) needs a positive number\n\(usage)")
      exit(64)
    }
    if argument == "--reps" { options.repetitions = value } else { options.size = value }
  default:
    guard let workload = allWorkloads.first(where: { $0.id == argument }) else {
      printError(
        "benchmarks: unknown workload '\(argument)'; the workloads are:\n\(workloadList())")
      exit(64)
    }
    selected.append(workload)
  }
}
if selected.isEmpty { selected = allWorkloads }

for workload in selected {
  do {
    // Written at once, so that each line appears as soon as its workload ends, even in a pipe.
    FileHandle.standardOutput.write(Data((try workload.execute(options) + "\n").utf8))
  } catch {
    printError("benchmarks: \(workload.id) failed: \(error)")
    exit(1)
  }
}
