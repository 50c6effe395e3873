/// A whole command-line program: its name, version, global options and commands.
///
/// The program answers `--version`, `-h`/`--help` and `help COMMAND` by itself; see
/// `parse(_:)` and `run(_:console:execute:)`.
public struct ProgramSpec: Sendable, Equatable {
  /// The executable's name, as typed: `friends`.
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
  }

  /// The built-in `help [COMMAND]` command, listed after the program's own commands.
  public static let helpCommand = CommandSpec(
    name: "help", abstract: "Show help for a command.",
    arguments: [.optional("command", help: "The command to describe.")])

  /// The commands a user can type: the declared ones, then `help` unless declared.
  public var allCommands: [CommandSpec] {
    commands.contains { $0.name == Self.helpCommand.name }
      ? commands : commands + [Self.helpCommand]
  }

  /// The command called `name`, including the built-in `help`.
  public func command(named name: String) -> CommandSpec? {
    allCommands.first { $0.name == name }
  }
}
