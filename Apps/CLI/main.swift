import CommandLineKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The `friends` command line. The main thread runs the whole command: it parses the words,
// feeds a view model, and runs the main run loop while the view model's Drivers and Signals
// deliver, until the command's outputs say it is done.
let interruption = Interruption(erasesLine: FileOutput.standardError.isTerminal)
interruption.install()
let status = Program.run(
  Array(CommandLine.arguments.dropFirst()), runtime: .process(interruption: interruption))
exit(status.rawValue)
