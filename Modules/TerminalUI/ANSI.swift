/// The escape sequences this module writes (ECMA-48 / xterm).
public enum ANSI {
  /// Switches to the alternate screen (saving the main screen and cursor).
  public static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Returns to the main screen as it was before `enterAlternateScreen`.
  public static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Hides the cursor.
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor.
  public static let showCursor = "\u{1B}[?25h"
  /// Asks the terminal to wrap pasted text in `ESC[200~` … `ESC[201~`.
  public static let enableBracketedPaste = "\u{1B}[?2004h"
  /// Turns bracketed paste off.
  public static let disableBracketedPaste = "\u{1B}[?2004l"
  /// Asks the terminal to report button presses, releases, drags and the wheel, in the SGR
  /// encoding (`ESC[<b;x;yM`). Holding Shift still selects text, as the terminal does it.
  public static let enableMouseReporting = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
  /// Turns mouse reporting off.
  public static let disableMouseReporting = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
  /// Stops the cursor from wrapping after the last column (so the bottom-right cell can be
  /// drawn without scrolling).
  public static let disableAutowrap = "\u{1B}[?7l"
  /// Restores wrapping after the last column.
  public static let enableAutowrap = "\u{1B}[?7h"
  /// Resets colours and attributes.
  public static let resetStyle = "\u{1B}[0m"
  /// Moves the cursor home and clears the screen.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"

  /// Everything written when a full-screen session starts.
  public static let enterFullScreen =
    enterAlternateScreen + hideCursor + enableBracketedPaste + disableAutowrap + clearScreen
  /// Everything written to give the terminal back: the reverse of `enterFullScreen`, and of
  /// `enableMouseReporting` (harmless when it was never sent).
  public static let leaveFullScreen =
    resetStyle + disableMouseReporting + disableBracketedPaste + enableAutowrap + showCursor
    + leaveAlternateScreen

  /// Moves the cursor to 0-based column `x`, row `y`.
  public static func moveTo(x: Int, y: Int) -> String {
    x == 0 ? "\u{1B}[\(y + 1)H" : "\u{1B}[\(y + 1);\(x + 1)H"
  }

  /// Moves the cursor `count` columns to the right.
  public static func moveRight(_ count: Int) -> String {
    count == 1 ? "\u{1B}[C" : "\u{1B}[\(count)C"
  }

  /// Selects `style` from a clean state (the sequence starts with a reset).
  public static func select(_ style: Style) -> String {
    var codes = ["0"]
    if style.isBold { codes.append("1") }
    if style.isDim { codes.append("2") }
    if style.isUnderlined { codes.append("4") }
    if style.isReversed { codes.append("7") }
    if let color = style.foreground { codes.append(code(for: color, base: 30)) }
    if let color = style.background { codes.append(code(for: color, base: 40)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func code(for color: Color, base: Int) -> String {
    switch color {
    case .indexed(let index): "\(base + 8);5;\(index)"
    case .rgb(let r, let g, let b): "\(base + 8);2;\(r);\(g);\(b)"
    default: "\(base + color.standardIndex!)"
    }
  }
}
