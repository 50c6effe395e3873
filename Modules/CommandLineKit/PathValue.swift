/// Checks a path given as an option's value or in an environment variable, where the shell
/// may not have done what the user expected.
///
/// - An empty value is refused: a path option given as `--data-dir ""` (or a variable set
///   to nothing) is a mistake, not a request for the default.
/// - A leading `~` that reached the program (the shell expands it only when it is unquoted
///   and starts a word, so not in `"~/x"` nor in `--data-dir=~/x`) is expanded as the shell
///   would: `~` and `~/…` with `HOME`. `~name` is refused, since the program cannot know
///   that account's home the way the shell does.
public enum PathValue {
  /// Where a value came from, to name it in a message.
  public enum Source: Sendable, Equatable {
    /// An option, by its name without dashes (`data-dir`).
    case option(String)
    /// An environment variable, by its name.
    case environment(String)

    var phrase: String {
      switch self {
      case .option(let name): "option '--\(name)'"
      case .environment(let name): "the environment variable \(name)"
      }
    }
  }

  /// `value` with a leading `~` expanded using `HOME` from `environment`.
  ///
  /// - Throws: `UsageError` when `value` is empty, starts with `~name`, or starts with `~`
  ///   while `HOME` is not an absolute path.
  public static func checked(
    _ value: String, from source: Source, environment: [String: String]
  ) throws(UsageError) -> String {
    guard !value.isEmpty else {
      switch source {
      case .option: throw UsageError("\(source.phrase) needs a path, not an empty value")
      case .environment(let name):
        throw UsageError("\(name) is set but empty: give it a path, or unset it")
      }
    }
    guard value.hasPrefix("~") else { return value }
    let prefix = value.prefix { $0 != "/" }
    guard prefix == "~" else {
      throw UsageError(
        "\(source.phrase) starts with '\(prefix)', which the shell did not expand: "
          + "give the full path")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else {
      throw UsageError(
        "\(source.phrase) starts with '~', which the shell did not expand, and HOME is not "
          + "set: give the full path")
    }
    let rest = value.dropFirst()
    if rest.isEmpty { return home }
    return home.hasSuffix("/") ? home + rest.dropFirst() : home + rest
  }

  /// `environment` with the path in `variable` checked and expanded (see
  /// `checked(_:from:environment:)`); unchanged when the variable is not set.
  ///
  /// - Throws: `UsageError` when the variable is set to an empty or unusable path.
  public static func checkedVariable(
    _ variable: String, in environment: [String: String]
  ) throws(UsageError) -> [String: String] {
    guard let value = environment[variable] else { return environment }
    var checkedEnvironment = environment
    checkedEnvironment[variable] = try checked(
      value, from: .environment(variable), environment: environment)
    return checkedEnvironment
  }
}
