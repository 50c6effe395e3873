/// A whole command-line program: its name, version, global options and commands.
///
/// The program answers `--version`, `-h`/`--help` and `help COMMAND` by itself; see
/// `parse(_:)` and `run(_:console:execute:)`. A program without commands (`todo-server
/// [--port N]`) declares its options, flags and arguments as its `main` command instead,
/// with `init(name:version:abstract:discussion:options:flags:arguments:)`; its help, usage
/// line and errors have the same layout, naming the program alone.
public struct ProgramSpec: Sendable, Equatable {
  /// The executable's name, as typed: `todo`.
  public var name: String
  /// What `--version` prints.
  public var version: String
  /// One line saying what the program does.
  public var abstract: String
  /// Longer text for the program's help, as written.
  public var discussion: String
  /// Options with a value accepted anywhere before `--`, by every command.
  public var globalOptions: [OptionSpec]
  /// Flags accepted anywhere before `--`, by every command.
  public var globalFlags: [FlagSpec]
  /// The commands, in the order help lists them.
  public var commands: [CommandSpec]
  /// For a program without commands: its options, flags and arguments, parsed from the first
  /// word on. `nil` for a program of commands.
  public var main: CommandSpec?

  /// Declares a program.
  public init(
    name: String, version: String, abstract: String, discussion: String = "",
    globalOptions: [OptionSpec] = [], globalFlags: [FlagSpec] = [], commands: [CommandSpec]
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.discussion = discussion
    self.globalOptions = globalOptions
    self.globalFlags = globalFlags
    self.commands = commands
    self.main = nil
  }

  /// Declares a program without commands: every word is one of its options, flags or
  /// arguments, as a command's would be.
  public init(
    name: String, version: String, abstract: String, discussion: String = "",
    options: [OptionSpec] = [], flags: [FlagSpec] = [], arguments: [ArgumentSpec] = []
  ) {
    self.name = name
    self.version = version
    self.abstract = abstract
    self.discussion = discussion
    self.globalOptions = []
    self.globalFlags = []
    self.commands = []
    self.main = CommandSpec(
      name: name, abstract: abstract, discussion: discussion, arguments: arguments,
      options: options, flags: flags)
  }

  /// The built-in `help [COMMAND]` command, listed after the program's own commands.
  public static let helpCommand = CommandSpec(
    name: "help", abstract: "Show help for a command.",
    arguments: [.optional("command", help: "The command to describe.")])

  /// The commands a user can type: the declared ones, then `help` unless declared.
  public var allCommands: [CommandSpec] {
    if main != nil { return [] }
    return commands.contains { $0.name == Self.helpCommand.name }
      ? commands : commands + [Self.helpCommand]
  }

  /// The command called `name`, including the built-in `help` (and `main`, by the
  /// program's name).
  public func command(named name: String) -> CommandSpec? {
    if let main, main.name == name { return main }
    return allCommands.first { $0.name == name }
  }

  /// How messages name `command`: `todo show`, or the program's name for `main`.
  func invocation(of command: CommandSpec) -> String {
    command == main ? name : "\(name) \(command.name)"
  }
}
