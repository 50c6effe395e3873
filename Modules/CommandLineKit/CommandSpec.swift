/// One command of a program, such as `todo show ID`: its name, its help, and the words
/// it accepts.
///
/// Every command also accepts `-h`/`--help` and the program's global options; neither is
/// declared here.
public struct CommandSpec: Sendable, Equatable {
  /// The word that selects the command: `show`.
  public var name: String
  /// One line saying what the command does, shown in the program's command list.
  public var abstract: String
  /// Longer text shown under the abstract in the command's help, as written.
  public var discussion: String
  /// Positional arguments, in order.
  public var arguments: [ArgumentSpec]
  /// Options that take a value.
  public var options: [OptionSpec]
  /// Options without a value.
  public var flags: [FlagSpec]

  /// Declares a command.
  public init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], flags: [FlagSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.flags = flags
  }
}
