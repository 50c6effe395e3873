// friends-tui: the Friends app, full screen in the terminal.
//
// Wires the real terminal, the main scheduler and the services chosen on the command line
// into a `TUIApplication`, then hands the main queue to Dispatch. The terminal is given back
// on every way out: `q` and Ctrl-C (through the app, which exits 130 after Ctrl-C), SIGTERM,
// SIGHUP, SIGINT and crashes (through the toolkit's handlers), and before any fatal message
// is printed here. The command line is read with CommandLineKit, as `friends` reads its own.
import AppComposition
import CommandLineKit
import Dispatch
import Foundation
import ReactiveCore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unhandled errors of the reactive chains, printed after the terminal is given back.
let unhandledErrors = UnhandledErrors()

/// Prints the unhandled errors kept while the screen was drawn, on standard error.
func reportUnhandledErrors() {
  for line in unhandledErrors.take() { console.errors.writeLine(line) }
}

/// Prints `error: message` on standard error, after giving the terminal back, and exits with
/// `code`.
func fail(_ message: String, code: Int32) -> Never {
  TTYTerminal.restore()
  reportUnhandledErrors()
  console.errors.writeLine(
    "\(console.errorStyle.bold(console.errorStyle.red("error:"))) \(message)")
  exit(code)
}

/// The status to exit with once the app has quit: 130 after Ctrl-C, else 0.
@MainActor func exitStatus() -> Int32 { app.exitStatus }

let processEnvironment = ProcessInfo.processInfo.environment
let console = Console.standard(environment: processEnvironment)
let options: Options
/// The server the app uses, or `nil` for the data on this machine.
let server: ServerChoice?
/// The process's environment with `FRIENDS_DATA_DIR` checked and a leading `~` expanded.
let environment: [String: String]
// Help, the version and usage errors are printed as `friends` prints them, with status 0 or 64.
switch Options.program.prepare(Array(CommandLine.arguments.dropFirst()), console: console) {
case .finished(let code):
  exit(code.rawValue)
case .run(let parsed, _):
  do {
    options = try Options(parsed, environment: processEnvironment)
    environment = try PathValue.checkedVariable(
      DataDirectory.environmentVariable, in: processEnvironment)
    server = try options.serverChoice(environment: environment)
  } catch {
    Options.program.report(error, console: console)
    exit(ExitCode.usage.rawValue)
  }
}

if let server, let refusal = AppServices.serverRefusal(server.url) {
  fail(refusal, code: 1)
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
  fail("\(error). Use '\(AppIdentity.command)' for scripts and pipes.", code: 1)
}

unhandledErrors.install()
let scheduler = MainScheduler.instance
let services: AppServices
do {
  services = try options.makeServices(
    server: server, environment: environment, scheduler: scheduler)
} catch {
  let directory = options.dataDirectory(environment: environment).url.path
  fail("cannot open the data in \(directory): \(error)", code: 1)
}

let colorMode = options.noColor ? ColorMode.noColor : ColorMode(environment: environment)
let app = TUIApplication(
  terminal: terminal, services: services, scheduler: scheduler, colorMode: colorMode,
  mouseReporting: !options.noMouse,
  onQuit: {
    reportUnhandledErrors()
    exit(exitStatus())
  })
do {
  try app.start()
} catch {
  fail("cannot use the terminal: \(error)", code: 1)
}
dispatchMain()
