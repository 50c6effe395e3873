/// A command line that parsed cleanly: which command to run and what the user gave it.
///
/// Values are read back by the declared names (without dashes). Global options and flags
/// are stored alongside the command's own.
public struct ParsedCommand: Sendable, Equatable {
  /// The command's name: `show`.
  public var name: String
  /// Every value given to each option, in the order typed, keyed by option name.
  public var options: [String: [String]]
  /// The names of the flags that were given.
  public var flags: Set<String>
  /// The positional arguments, in order.
  public var positionals: [String]
  /// The positional arguments keyed by their declared names.
  public var arguments: [String: String]

  /// Makes a parsed command; the parser does this, tests may too.
  public init(
    name: String, options: [String: [String]] = [:], flags: Set<String> = [],
    positionals: [String] = [], arguments: [String: String] = [:]
  ) {
    self.name = name
    self.options = options
    self.flags = flags
    self.positionals = positionals
    self.arguments = arguments
  }

  /// The value of the option or argument called `name` (an option's last value), or `nil`.
  public func value(_ name: String) -> String? {
    options[name]?.last ?? arguments[name]
  }

  /// Every value given to the option called `name`, in order; empty when it was not given.
  public func values(_ name: String) -> [String] {
    options[name] ?? []
  }

  /// Whether the flag called `name` was given.
  public func isSet(_ name: String) -> Bool {
    flags.contains(name)
  }

  /// The value of `name`, or a usage error saying it is missing.
  public func string(_ name: String) throws(UsageError) -> String {
    guard let text = value(name) else {
      throw UsageError("missing \(label(for: name))", command: self.name)
    }
    return text
  }

  /// The value of `name` as an integer, or a usage error saying it is missing or is not
  /// a whole number.
  public func int(_ name: String) throws(UsageError) -> Int {
    guard let number = try optionalInt(name) else {
      throw UsageError("missing \(label(for: name))", command: self.name)
    }
    return number
  }

  /// The value of `name` as an integer, `nil` when absent, or a usage error when it is not
  /// a whole number.
  public func optionalInt(_ name: String) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text) else {
      throw UsageError(
        "\(label(for: name)) must be an integer, got '\(text)'", command: self.name)
    }
    return number
  }

  /// How messages name `name`: `option '--limit'` or `argument '<id>'`.
  private func label(for name: String) -> String {
    options[name] != nil ? "option '--\(name)'" : "argument '<\(name)>'"
  }
}
