extension ProgramSpec {
  /// Parses `arguments`, then prints help or the version, or runs the chosen command, and
  /// returns the status the program should exit with.
  ///
  /// - Help and the version go to `console.output`; the status is `success`.
  /// - A `UsageError`, from parsing or thrown by `execute`, is printed on `console.errors`
  ///   with the command's usage line and where to find its help; the status is `usage` (64).
  /// - An `InterruptedError` prints nothing; the status is `interrupted` (130).
  /// - Any other error is printed as `error: …`; the status is `failure` (1).
  /// - When the program declares `FlagSpec.noColor` among its global flags and the user
  ///   typed `--no-color` before `--`, the whole run is colourless, error messages included.
  ///
  /// `execute` runs in the caller's isolation (for example on the main actor).
  public func run(
    _ arguments: [String], console: Console, isolation: isolated (any Actor)? = #isolation,
    execute: (ParsedCommand) async throws -> ExitCode
  ) async -> ExitCode {
    let noColor =
      globalFlags.contains(FlagSpec.noColor)
      && arguments.prefix { $0 != "--" }.contains(FlagSpec.noColor.longForm)
    let console = noColor ? console.withoutColor() : console
    let parsed: ParsedCommand
    do {
      switch try parse(arguments) {
      case .help(let text), .version(let text):
        console.output.writeLine(text)
        return .success
      case .command(let command):
        parsed = command
      }
    } catch {
      report(error, console: console)
      return .usage
    }
    do {
      return try await execute(parsed)
    } catch var error as UsageError {
      if error.command == nil { error.command = parsed.name }
      report(error, console: console)
      return .usage
    } catch {
      if !(error is InterruptedError) {
        console.errors.writeLine("\(errorLabel(console)) \(String(describing: error))")
      }
      return ExitCode(for: error)
    }
  }

  /// Prints a usage error, the usage line it concerns, and where to read more.
  private func report(_ error: UsageError, console: Console) {
    let command = error.command.flatMap { self.command(named: $0) }
    let synopsis = command.map(usage(of:)) ?? "\(name) [<options>] <command>"
    let helpCommand = command.map { "\(name) \($0.name) --help" } ?? "\(name) --help"
    console.errors.writeLine("\(errorLabel(console)) \(error.message)")
    console.errors.writeLine("Usage: \(synopsis)")
    console.errors.writeLine("See '\(helpCommand)' for more information.")
  }

  private func errorLabel(_ console: Console) -> String {
    console.errorStyle.bold(console.errorStyle.red("error:"))
  }
}
