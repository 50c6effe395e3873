/// A positional argument of a command, such as the `ID` of `todo show ID`.
///
/// Arguments are filled in the order they are declared; required ones come first.
public struct ArgumentSpec: Sendable, Equatable {
  /// The name used to read the value back and shown in help as `<name>`.
  public var name: String
  /// One line for the help text.
  public var help: String
  /// Whether the command fails with a usage error when the argument is missing.
  public var isRequired: Bool
  /// What the value must look like.
  public var kind: ValueKind

  /// Declares an argument.
  public init(_ name: String, kind: ValueKind = .string, isRequired: Bool = true, help: String) {
    self.name = name
    self.help = help
    self.isRequired = isRequired
    self.kind = kind
  }

  /// Declares an argument that must be given.
  public static func required(_ name: String, kind: ValueKind = .string, help: String)
    -> ArgumentSpec
  {
    ArgumentSpec(name, kind: kind, isRequired: true, help: help)
  }

  /// Declares an argument that may be left out.
  public static func optional(_ name: String, kind: ValueKind = .string, help: String)
    -> ArgumentSpec
  {
    ArgumentSpec(name, kind: kind, isRequired: false, help: help)
  }

  /// How the argument appears in help: `<id>`.
  var placeholder: String { "<\(name)>" }
}
