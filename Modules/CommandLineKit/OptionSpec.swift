/// An option that takes a value: `--email VALUE`, `--email=VALUE`, or `-e VALUE`.
///
/// Options are optional by nature; a command that needs the value when it is absent asks for
/// it (see `Prompt`) or reports a `UsageError`.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes (`email` for `--email`), also the key to read the value.
  public var name: String
  /// The one-letter short form (`e` for `-e`), if any.
  public var short: Character?
  /// The placeholder for the value in help, shown as `<valueName>`.
  public var valueName: String
  /// What the value must look like.
  public var kind: ValueKind
  /// Whether the option may be given more than once (all values are kept, in order).
  /// A non-repeatable option given twice is a usage error.
  public var isRepeatable: Bool
  /// One line for the help text.
  public var help: String

  /// Declares an option. `valueName` defaults to `name`.
  public init(
    _ name: String, short: Character? = nil, valueName: String? = nil, kind: ValueKind = .string,
    repeatable: Bool = false, help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName ?? name
    self.kind = kind
    self.isRepeatable = repeatable
    self.help = help
  }

  /// The long form as typed: `--email`.
  public var longForm: String { "--\(name)" }

  /// Whether the user's word (without any `=value`) names this option.
  func matches(_ written: String) -> Bool {
    written == longForm || short.map { written == "-\($0)" } == true
  }
}
