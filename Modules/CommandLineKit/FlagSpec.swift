/// An option without a value that is either present or not: `--json`, `-v`.
public struct FlagSpec: Sendable, Equatable {
  /// The long name without dashes (`json` for `--json`), also the key to read it back.
  public var name: String
  /// The one-letter short form, if any. `h` is taken by help.
  public var short: Character?
  /// One line for the help text.
  public var help: String

  /// Declares a flag.
  public init(_ name: String, short: Character? = nil, help: String) {
    self.name = name
    self.short = short
    self.help = help
  }

  /// The conventional `--no-color` flag; `ProgramSpec.run` honours it when the program
  /// declares it among its global flags.
  public static let noColor = FlagSpec("no-color", help: "Do not use colour in the output.")

  /// The long form as typed: `--json`.
  public var longForm: String { "--\(name)" }

  /// Whether the user's word names this flag.
  func matches(_ written: String) -> Bool {
    written == longForm || short.map { written == "-\($0)" } == true
  }
}
