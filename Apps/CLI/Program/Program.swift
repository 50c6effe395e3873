import AppComposition
import CommandLineKit
import Foundation
import ReactiveCore

/// The `friends` program: its declaration, its commands, and how one run goes.
@MainActor
enum Program {
  /// What `--version` prints.
  static let version = "\(AppIdentity.command) \(AppIdentity.version)"

  /// Every command, in the order help lists them: the account's, then each feature's.
  static let commands: [any Command.Type] =
    [LoginCommand.self, LogoutCommand.self, WhoAmICommand.self, ResetPasswordCommand.self]
    + features.flatMap { $0 }

  /// The program's declaration: global options and every command.
  static let spec = ProgramSpec(
    name: AppIdentity.command, version: version,
    abstract: "\(AppIdentity.name) from the terminal.",
    discussion: """
      The same app as '\(AppIdentity.terminalCommand)', on the same data: a change made here shows there. Results
      go to standard output, messages to standard error. Exit status: 0 success, 1 failure,
      64 usage error, 130 interrupted.
      """,
    globalOptions: [GlobalOptions.dataDirectory, GlobalOptions.server, GlobalOptions.latency],
    globalFlags: [GlobalOptions.local, GlobalOptions.json, .noColor],
    commands: commands.map { $0.spec })

  /// Runs the program with `arguments` (without the program's name) and returns the status
  /// to exit with.
  static func run(_ arguments: [String], runtime: Runtime) -> ExitCode {
    spec.runSynchronously(arguments, console: runtime.console) { parsed in
      let options = try GlobalOptions(parsed, environment: runtime.environment)
      let command = try makeCommand(parsed)
      try options.checkSupported()
      let services = try runtime.makeServices(options.backend)
      let console = options.noColor ? runtime.console.withoutColor() : runtime.console
      let session = SessionWatch(auth: services.auth)
      let printer = Printer(
        console: console, json: options.json, timeZone: runtime.timeZone,
        scheduler: services.scheduler)
      let context = CommandContext(
        services: services, printer: printer,
        prompt: Prompt(input: runtime.input, output: console.errors),
        lines: runtime.lines,
        waiter: session.cutting(runtime.waiter),
        dataWords: options.dataWords, otherLogin: options.otherLogin)
      let code = try command.run(context)
      guard !session.hasExpired else {
        printer.error(context.sessionExpired)
        return .failure
      }
      return code
    }
  }

  /// The command `parsed` names, with its values read.
  static func makeCommand(_ parsed: ParsedCommand) throws(UsageError) -> any Command {
    guard let type = commands.first(where: { $0.spec.name == parsed.name }) else {
      throw UsageError("unknown command '\(parsed.name)'")
    }
    return try type.init(parsed)
  }
}
