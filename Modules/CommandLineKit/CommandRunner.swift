extension ProgramSpec {
  /// Parses `arguments`, then prints help or the version, or runs the chosen command, and
  /// returns the status the program should exit with.
  ///
  /// - Help and the version go to `console.output`; the status is `success`.
  /// - A `UsageError`, from parsing or thrown by `execute`, is printed on `console.errors`
  ///   with the command's usage line and where to find its help; the status is `usage` (64).
  /// - An `InterruptedError` prints nothing; the status is `interrupted` (130).
  /// - Any other error is printed as `error: …`; the status is `failure` (1).
  /// - When text written to `console.output` was lost (`writeFailure`), `error: write error:
  ///   …` is printed on `console.errors` and the status is `failure` (1).
  /// - When the program declares `FlagSpec.noColor` among its global flags and the user
  ///   typed `--no-color` before `--`, the whole run is colourless, error messages included.
  ///
  /// `execute` runs in the caller's isolation (for example on the main actor).
  public func run(
    _ arguments: [String], console: Console, isolation: isolated (any Actor)? = #isolation,
    execute: (ParsedCommand) async throws -> ExitCode
  ) async -> ExitCode {
    let (parsed, runConsole): (ParsedCommand, Console)
    switch prepare(arguments, console: console) {
    case .finished(let code): return code
    case .run(let command, let prepared): (parsed, runConsole) = (command, prepared)
    }
    let code: ExitCode
    do {
      code = try await execute(parsed)
    } catch {
      code = finish(parsed, with: error, console: runConsole)
    }
    return checkingOutput(code, console: runConsole)
  }

  /// The same as `run(_:console:execute:)` for a command that runs synchronously, such as one
  /// that drives the main run loop itself while it waits: no task or executor is involved, so
  /// the caller (for example the top-level code of an executable, on the main thread) keeps
  /// its thread from start to end.
  public func runSynchronously(
    _ arguments: [String], console: Console, execute: (ParsedCommand) throws -> ExitCode
  ) -> ExitCode {
    let (parsed, runConsole): (ParsedCommand, Console)
    switch prepare(arguments, console: console) {
    case .finished(let code): return code
    case .run(let command, let prepared): (parsed, runConsole) = (command, prepared)
    }
    let code: ExitCode
    do {
      code = try execute(parsed)
    } catch {
      code = finish(parsed, with: error, console: runConsole)
    }
    return checkingOutput(code, console: runConsole)
  }

  /// What is left to do once the words are parsed.
  public enum Preparation {
    /// Help, the version or a usage error was printed: exit with this status.
    case finished(ExitCode)
    /// Run the command, printing on this console.
    case run(ParsedCommand, Console)
  }

  /// Applies `--no-color`, parses `arguments`, and prints help, the version or a usage error,
  /// as `run(_:console:execute:)` does before it runs a command: for a program that runs on
  /// its own terms (a full-screen app, a server), which then calls `report(_:console:)` for
  /// a usage error it finds in the values.
  public func prepare(_ arguments: [String], console: Console) -> Preparation {
    let noColor =
      globalFlags.contains(FlagSpec.noColor)
      && arguments.prefix { $0 != "--" }.contains(FlagSpec.noColor.longForm)
    let console = noColor ? console.withoutColor() : console
    do {
      switch try parse(arguments) {
      case .help(let text), .version(let text):
        console.output.writeLine(text)
        return .finished(checkingOutput(.success, console: console))
      case .command(let command):
        return .run(command, console)
      }
    } catch {
      report(error, console: console)
      return .finished(.usage)
    }
  }

  /// `code`, unless output was lost: then the loss is reported and the status is `failure`.
  private func checkingOutput(_ code: ExitCode, console: Console) -> ExitCode {
    guard let failure = console.output.writeFailure else { return code }
    console.errors.writeLine("\(errorLabel(console)) write error: \(failure)")
    return code == .success ? .failure : code
  }

  /// Reports `error`, thrown while running `parsed`, and returns the status it calls for.
  private func finish(_ parsed: ParsedCommand, with error: any Error, console: Console)
    -> ExitCode
  {
    if var usageError = error as? UsageError {
      if usageError.command == nil { usageError.command = parsed.name }
      report(usageError, console: console)
      return .usage
    }
    if !(error is InterruptedError) {
      console.errors.writeLine("\(errorLabel(console)) \(String(describing: error))")
    }
    return ExitCode(for: error)
  }

  /// Prints a usage error, the usage line it concerns, and where to read more.
  public func report(_ error: UsageError, console: Console) {
    let command = error.command.flatMap { self.command(named: $0) } ?? main
    let synopsis = command.map(usage(of:)) ?? "\(name) [<options>] <command>"
    let helpCommand = command.map { "\(invocation(of: $0)) --help" } ?? "\(name) --help"
    console.errors.writeLine("\(errorLabel(console)) \(error.message)")
    console.errors.writeLine("Usage: \(synopsis)")
    console.errors.writeLine("See '\(helpCommand)' for more information.")
  }

  private func errorLabel(_ console: Console) -> String {
    console.errorStyle.bold(console.errorStyle.red("error:"))
  }
}
