import Dispatch

/// A full-screen session on a terminal: it takes the screen over, turns input into keys,
/// draws frames through a `Renderer`, and gives the terminal back on `stop()` (and, for a
/// `TTYTerminal`, on every other way out).
///
/// Everything happens on the main actor: the terminal must deliver its callbacks on the main
/// queue (a `TTYTerminal` made by `TerminalSession.standard` does). A lone Esc is reported
/// after `escapeTimeout` without further input, measured by `schedule`, which tests replace
/// with a virtual clock. Keep a strong reference to the session while it runs: the terminal's
/// callbacks hold it weakly.
@MainActor
public final class TerminalSession {
  /// Runs `action` after `delay`, on the main actor.
  public typealias Schedule =
    @MainActor (
      _ delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> Void

  /// The terminal drawn to.
  public let terminal: any Terminal
  /// How long a lone ESC waits for the rest of a sequence before it counts as Esc.
  public let escapeTimeout: Duration
  /// Whether the session is running (between `start` and `stop`).
  public private(set) var isRunning = false

  private var renderer: Renderer
  private var parser = KeyParser()
  private let schedule: Schedule
  private var flushGeneration = 0
  private var onKey: (@MainActor (Key) -> Void)?
  private var onResize: (@MainActor (TerminalSize) -> Void)?

  /// Creates a session on `terminal`; nothing happens until `start`.
  public init(
    terminal: any Terminal, colorMode: ColorMode = .color,
    escapeTimeout: Duration = .milliseconds(40),
    schedule: @escaping Schedule = TerminalSession.afterOnMainQueue
  ) {
    self.terminal = terminal
    self.renderer = Renderer(colorMode: colorMode)
    self.escapeTimeout = escapeTimeout
    self.schedule = schedule
  }

  /// A session on standard input and output, delivering on the main queue.
  ///
  /// - Throws: `TerminalError.notATerminal` when standard input or output is not a terminal.
  public static func standard(colorMode: ColorMode) throws -> TerminalSession {
    TerminalSession(terminal: try TTYTerminal(queue: .main), colorMode: colorMode)
  }

  /// Schedules with `DispatchQueue.main.asyncAfter`.
  public static let afterOnMainQueue: Schedule = { delay, action in
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
      MainActor.assumeIsolated { action() }
    }
  }

  /// The terminal's size.
  public var size: TerminalSize { terminal.size }

  /// Whether colours are drawn.
  public var colorMode: ColorMode {
    get { renderer.colorMode }
    set {
      renderer.colorMode = newValue
      renderer.invalidate()
    }
  }

  /// Cells written by the last frame.
  public var lastCellCount: Int { renderer.lastCellCount }

  /// Takes the screen over and starts delivering keys and size changes. After a resize the
  /// next frame is drawn in full; draw it from `onResize`.
  public func start(
    onKey: @escaping @MainActor (Key) -> Void,
    onResize: @escaping @MainActor (TerminalSize) -> Void = { _ in }
  ) throws {
    guard !isRunning else { return }
    try terminal.enterFullScreen()
    isRunning = true
    renderer.invalidate()
    self.onKey = onKey
    self.onResize = onResize
    terminal.startInput(
      onBytes: { [weak self] bytes in MainActor.assumeIsolated { self?.receive(bytes) } },
      onResize: { [weak self] size in MainActor.assumeIsolated { self?.resized(to: size) } })
  }

  /// Draws a frame of the terminal's size: `draw` fills a blank buffer, then only the cells
  /// that changed since the last frame are written.
  public func render(_ draw: (inout ScreenBuffer) -> Void) {
    var frame = ScreenBuffer(size: terminal.size)
    draw(&frame)
    render(frame)
  }

  /// Writes what changed between the last frame and `frame`.
  public func render(_ frame: ScreenBuffer) {
    let bytes = renderer.render(frame)
    if !bytes.isEmpty { terminal.write(bytes) }
  }

  /// Makes the next frame redraw everything (after something else wrote to the screen).
  public func invalidate() {
    renderer.invalidate()
  }

  /// Stops input and gives the terminal back. Safe to call more than once.
  public func stop() {
    guard isRunning else { return }
    isRunning = false
    terminal.stopInput()
    terminal.leaveFullScreen()
    onKey = nil
    onResize = nil
  }

  private func receive(_ bytes: [UInt8]) {
    deliver(parser.parse(bytes))
    guard parser.hasPendingInput else { return }
    flushGeneration += 1
    let generation = flushGeneration
    schedule(escapeTimeout) { [weak self] in
      guard let self, generation == self.flushGeneration else { return }
      self.deliver(self.parser.flush())
    }
  }

  private func deliver(_ keys: [Key]) {
    for key in keys {
      guard isRunning else { return }
      onKey?(key)
    }
  }

  private func resized(to size: TerminalSize) {
    renderer.invalidate()
    onResize?(size)
  }
}
