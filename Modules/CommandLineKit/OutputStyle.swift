/// Whether text going to one stream gets colour, and helpers that style text accordingly.
///
/// Colour is used only when the stream is a terminal, `NO_COLOR` is unset or empty, `TERM`
/// is not `dumb`, and the user did not pass `--no-color`. Without colour every helper
/// returns its text unchanged.
public struct OutputStyle: Sendable, Equatable {
  /// Whether the helpers add ANSI colour codes.
  public let usesColor: Bool

  /// A style that does (or does not) use colour, whatever the environment says.
  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// No colour.
  public static let plain = OutputStyle(usesColor: false)

  /// Decides from the stream and the environment, all passed in by the caller.
  /// - Parameters:
  ///   - isTerminal: whether the stream is a terminal (`isatty`).
  ///   - environment: the process environment (`NO_COLOR` and `TERM` are read).
  ///   - noColorFlag: whether the user passed `--no-color`.
  public init(isTerminal: Bool, environment: [String: String], noColorFlag: Bool = false) {
    let noColorSet = !(environment["NO_COLOR"] ?? "").isEmpty
    let dumbTerminal = environment["TERM"] == "dumb"
    self.usesColor = isTerminal && !noColorSet && !dumbTerminal && !noColorFlag
  }

  /// `text` in bold.
  public func bold(_ text: String) -> String { styled(text, "1") }
  /// `text` dimmed, for secondary details.
  public func dim(_ text: String) -> String { styled(text, "2") }
  /// `text` in red, for errors.
  public func red(_ text: String) -> String { styled(text, "31") }
  /// `text` in green, for success.
  public func green(_ text: String) -> String { styled(text, "32") }
  /// `text` in yellow, for warnings.
  public func yellow(_ text: String) -> String { styled(text, "33") }

  private func styled(_ text: String, _ code: String) -> String {
    usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
