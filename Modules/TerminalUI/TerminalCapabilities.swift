/// What a full-screen program needs from the terminal named by `TERM`, checked before it
/// draws anything.
///
/// Without terminfo the check goes by name: `dumb` (Emacs shells, some IDE consoles, CI
/// logs), `unknown` and an unset or empty `TERM` are terminals that cannot move the cursor,
/// where a full-screen program would print raw escape codes.
public enum TerminalCapabilities {
  /// Whether the terminal named `term` can move the cursor anywhere on the screen.
  public static func canAddressCursor(term: String?) -> Bool {
    guard let term, !term.isEmpty else { return false }
    let name = term.lowercased()
    return !(name == "dumb" || name.hasPrefix("dumb-") || name == "unknown")
  }

  /// The message a full-screen program prints (after its name) when the terminal in
  /// `environment` cannot run it, pointing to `alternative`, a command that works on any
  /// terminal and in scripts; `nil` when the terminal is fine.
  public static func refusal(environment: [String: String], alternative: String) -> String? {
    let term = environment["TERM"]
    guard !canAddressCursor(term: term) else { return nil }
    let named = term.map { $0.isEmpty ? "TERM is empty" : "TERM=\($0)" } ?? "TERM is not set"
    return "this terminal (\(named)) cannot move the cursor, which a full-screen program "
      + "needs. Use '\(alternative)' instead: it works in any terminal and in scripts."
  }
}
