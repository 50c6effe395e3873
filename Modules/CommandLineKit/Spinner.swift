import Synchronization

/// A one-line activity indicator for standard error, such as `⠹ Logging in…`.
///
/// It draws only when its output is a terminal; otherwise every call does nothing, so logs
/// and pipes stay clean. It has no timer: the caller calls `tick()` at the pace it wants
/// (for example from a scheduler) and `stop()` when the work ends. Lines are drawn and
/// erased with carriage returns and spaces, with no escape codes.
public final class Spinner: Sendable {
  /// Braille dots that appear to turn.
  public static let defaultFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  private struct State {
    var message: String
    var frame = 0
    /// Characters on screen now; 0 when nothing is drawn.
    var drawnWidth = 0
  }

  private let output: any OutputSink
  private let frames: [String]
  private let state: Mutex<State>

  /// A spinner showing `message`, drawing on `output` if it is a terminal.
  public init(
    message: String, output: any OutputSink, frames: [String] = Spinner.defaultFrames
  ) {
    precondition(!frames.isEmpty, "a spinner needs at least one frame")
    self.output = output
    self.frames = frames
    self.state = Mutex(State(message: message))
  }

  /// Whether the spinner draws at all (its output is a terminal).
  public var isEnabled: Bool { output.isTerminal }

  /// Draws the next frame, replacing what was drawn before.
  public func tick() {
    guard isEnabled else { return }
    state.withLock { state in
      let line = "\(frames[state.frame % frames.count]) \(state.message)"
      let padding = String(repeating: " ", count: max(0, state.drawnWidth - line.count))
      output.write("\r" + line + padding)
      state.drawnWidth = line.count
      state.frame += 1
    }
  }

  /// Changes the message; it shows from the next `tick()`.
  public func update(message: String) {
    state.withLock { $0.message = message }
  }

  /// Erases the spinner's line, leaving the cursor at its start. A later `tick()` draws
  /// again from the first frame.
  public func stop() {
    state.withLock { state in
      if state.drawnWidth > 0 {
        output.write("\r" + String(repeating: " ", count: state.drawnWidth) + "\r")
      }
      state.drawnWidth = 0
      state.frame = 0
    }
  }
}
