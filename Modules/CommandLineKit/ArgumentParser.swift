extension ProgramSpec {
  /// Parses the words typed after the program's name.
  ///
  /// - Global options and flags are accepted anywhere before `--`; the command's own ones
  ///   after the command's name.
  /// - An option's value follows it (`--email VALUE`, `-e VALUE`) or is joined with `=`
  ///   (`--email=VALUE`). A following word that looks like an option is not taken as a
  ///   value; negative numbers are values.
  /// - `--` ends options: every later word is positional.
  /// - `-h` or `--help` anywhere before `--`, and `help COMMAND`, give the same help text,
  ///   even when the rest of the line has mistakes. No command at all gives the program's
  ///   help. `--version` before the command gives the version.
  ///
  /// - Throws: `UsageError` naming the first bad word, with a suggestion when one is close.
  public func parse(_ words: [String]) throws(UsageError) -> ParseResult {
    let wantsHelp = words.prefix { $0 != "--" }.contains { $0 == "-h" || $0 == "--help" }
    var parser = CommandLineParser(program: self)
    do {
      try parser.consume(words)
    } catch {
      if wantsHelp { return .help(helpText(orProgramFor: parser.command)) }
      throw error
    }
    if wantsHelp { return .help(helpText(orProgramFor: parser.command)) }
    if parser.versionRequested { return .version(version) }
    guard let command = parser.command else {
      // Nothing to run (also when an option took the command as its value, as in
      // `--data-dir list`): a usage error, so a script never mistakes it for success.
      throw UsageError("no command given")
    }
    if command == Self.helpCommand {
      guard let target = parser.positionals.first else { return .help(helpText()) }
      guard let described = self.command(named: target) else {
        throw parser.unknownCommand(target)
      }
      return .help(helpText(for: described))
    }
    try parser.checkRequiredArguments(of: command)
    return .command(parser.result(for: command))
  }

  /// The program's help for `command`, or its own help when `command` is `nil`.
  func helpText(orProgramFor command: CommandSpec?) -> String {
    guard let command else { return helpText() }
    return helpText(for: command)
  }
}

/// The state of one left-to-right pass over the words.
struct CommandLineParser {
  let program: ProgramSpec
  private(set) var command: CommandSpec?
  private(set) var positionals: [String] = []
  private(set) var versionRequested = false
  private var options: [String: [String]] = [:]
  private var flags: Set<String> = []

  init(program: ProgramSpec) {
    self.program = program
    self.command = program.main
  }

  /// Whether no command was named yet (`--version` is accepted only then).
  private var isBeforeCommand: Bool { command == nil || command == program.main }

  /// An option or flag the user may type at this point.
  private enum Declared {
    case option(OptionSpec)
    case flag(FlagSpec)
  }

  mutating func consume(_ words: [String]) throws(UsageError) {
    var index = words.startIndex
    var optionsEnded = false
    while index < words.endIndex {
      let word = words[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(word) {
        try takePositional(word)
        continue
      }
      switch word {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        continue
      case "--version" where isBeforeCommand:
        versionRequested = true
      default:
        let (name, inlineValue) = Self.split(word)
        switch lookUp(name) {
        case .flag(let flag):
          if inlineValue != nil { throw error("flag '\(name)' does not take a value") }
          flags.insert(flag.name)
        case .option(let option):
          var value = inlineValue
          if value == nil, index < words.endIndex, !Self.looksLikeOption(words[index]) {
            value = words[index]
            index += 1
          }
          guard let value else { throw error("option '\(name)' needs a value") }
          try store(value, for: option, writtenAs: name)
        case nil:
          throw unknownOption(name)
        }
      }
    }
  }

  func checkRequiredArguments(of command: CommandSpec) throws(UsageError) {
    if let missing = command.arguments.dropFirst(positionals.count).first(where: \.isRequired) {
      throw error("missing argument '\(missing.placeholder)'")
    }
  }

  func result(for command: CommandSpec) -> ParsedCommand {
    var named: [String: String] = [:]
    for (argument, value) in zip(command.arguments, positionals) { named[argument.name] = value }
    return ParsedCommand(
      name: command.name, options: options, flags: flags, positionals: positionals,
      arguments: named)
  }

  func unknownCommand(_ word: String) -> UsageError {
    let names = program.allCommands.map(\.name)
    return error("unknown command '\(word)'" + hint(Suggestion.closest(to: word, among: names)))
  }

  private mutating func takePositional(_ word: String) throws(UsageError) {
    guard let command else {
      guard let found = program.command(named: word) else { throw unknownCommand(word) }
      command = found
      return
    }
    guard positionals.count < command.arguments.count else {
      let count = command.arguments.count
      let takes =
        count == 0
        ? "takes no arguments" : "takes at most \(count) argument\(count == 1 ? "" : "s")"
      throw error("unexpected argument '\(word)': '\(program.invocation(of: command))' \(takes)")
    }
    let argument = command.arguments[positionals.count]
    guard argument.kind.accepts(word) else {
      throw error("argument '\(argument.placeholder)' must be an integer, got '\(word)'")
    }
    positionals.append(word)
  }

  private mutating func store(_ value: String, for option: OptionSpec, writtenAs name: String)
    throws(UsageError)
  {
    guard option.kind.accepts(value) else {
      throw error("option '\(name)' must be an integer, got '\(value)'")
    }
    if !option.isRepeatable, options[option.name] != nil {
      throw error("option '\(option.longForm)' was given more than once")
    }
    options[option.name, default: []].append(value)
  }

  /// The command's options first, then the program's global ones.
  private var scopes: [(options: [OptionSpec], flags: [FlagSpec])] {
    var scopes = [(program.globalOptions, program.globalFlags)]
    if let command { scopes.insert((command.options, command.flags), at: 0) }
    return scopes
  }

  private func lookUp(_ name: String) -> Declared? {
    for scope in scopes {
      if let option = scope.options.first(where: { $0.matches(name) }) { return .option(option) }
      if let flag = scope.flags.first(where: { $0.matches(name) }) { return .flag(flag) }
    }
    return nil
  }

  private func unknownOption(_ name: String) -> UsageError {
    var candidates = scopes.flatMap { $0.options.map(\.longForm) + $0.flags.map(\.longForm) }
    candidates.append("--help")
    if isBeforeCommand { candidates.append("--version") }
    return error("unknown option '\(name)'" + hint(Suggestion.closest(to: name, among: candidates)))
  }

  private func hint(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  private func error(_ message: String) -> UsageError {
    // A program without commands is named by no command: its errors are the program's.
    UsageError(message, command: command == program.main ? nil : command?.name)
  }

  /// Whether `word` is an option rather than a value: it starts with `-`, is longer than
  /// `-` alone, and is not a number such as `-3`.
  private static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-" && Double(word) == nil
  }

  /// Splits `--name=value` into its name and value.
  private static func split(_ word: String) -> (name: String, value: String?) {
    guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }
}
