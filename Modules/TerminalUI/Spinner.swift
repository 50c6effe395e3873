/// An activity indicator. It has no timer: the caller advances `tick` (for example from a
/// scheduler's interval) and the frame shown is `frames[tick % frames.count]`.
public struct Spinner: Widget, Sendable, Hashable {
  /// The animation frames.
  public var frames: [String]
  /// How many steps the animation has taken.
  public var tick: Int
  /// Text after the frame, such as "Loading…".
  public var label: String

  /// Braille dots: `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏`.
  public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// For terminals without Braille: `|/-\`.
  public static let ascii = ["|", "/", "-", "\\"]

  /// Creates a spinner at its first frame.
  public init(label: String = "", frames: [String] = Spinner.dots, tick: Int = 0) {
    self.label = label
    self.frames = frames.isEmpty ? [" "] : frames
    self.tick = tick
  }

  /// The frame for the current tick.
  public var frame: String { frames[((tick % frames.count) + frames.count) % frames.count] }

  /// Moves the animation on by `ticks` steps.
  public mutating func advance(by ticks: Int = 1) {
    tick += ticks
  }

  /// Draws the frame and, after a space, the label.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    guard !rect.isEmpty else { return }
    let used = buffer.write(frame, in: rect, style: theme.spinner)
    if !label.isEmpty && used + 1 < rect.width {
      buffer.write(label, in: rect.inset(left: used + 1), style: theme.text)
    }
  }
}
