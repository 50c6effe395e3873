// friends-tui: the Friends app, full screen in the terminal.
//
// Wires the real terminal, the main scheduler and the services chosen on the command line
// into a `TUIApplication`, then hands the main queue to Dispatch. The terminal is given back
// on every way out: `q` and Ctrl-C (through the app, which exits 130 after Ctrl-C), SIGTERM, SIGHUP, SIGINT and crashes
// (through the toolkit's handlers), and before any fatal message is printed here.
import AppComposition
import Dispatch
import Foundation
import ReactiveCore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` on standard error, after giving the terminal back, and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
  TTYTerminal.restore()
  FileHandle.standardError.write(Data("\(Options.programName): \(message)\n".utf8))
  exit(code)
}

/// The status to exit with once the app has quit: 130 after Ctrl-C, else 0.
@MainActor func exitStatus() -> Int32 { app.exitStatus }

let environment = ProcessInfo.processInfo.environment
let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail("\(error)\nTry '\(Options.programName) --help'.", code: 64)
}

switch options.action {
case .help:
  print(Options.helpText)
  exit(0)
case .version:
  print("\(Options.programName) \(Options.version)")
  exit(0)
case .run:
  break
}

if let refusal = TerminalCapabilities.refusal(
  environment: environment, alternative: AppIdentity.command)
{
  fail(refusal, code: 1)
}

let terminal: TTYTerminal
do {
  terminal = try TTYTerminal(queue: .main)
} catch {
  fail("\(error). Use 'friends' for scripts and pipes.", code: 1)
}

let scheduler = MainScheduler.instance
let services: AppServices
do {
  services = try options.makeServices(environment: environment, scheduler: scheduler)
} catch {
  let directory = options.dataDirectory(environment: environment).url.path
  fail("cannot open the data in \(directory): \(error)", code: 1)
}

let colorMode = options.noColor ? ColorMode.noColor : ColorMode(environment: environment)
let app = TUIApplication(
  terminal: terminal, services: services, scheduler: scheduler, colorMode: colorMode,
  mouseReporting: !options.noMouse, onQuit: { exit(exitStatus()) })
do {
  try app.start()
} catch {
  fail("cannot use the terminal: \(error)", code: 1)
}
dispatchMain()
