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
///
/// Ctrl-Z suspends: the session gives the terminal back and stops the process (SIGTSTP);
/// when the shell continues it (`fg`), it takes the terminal again and reports the size to
/// `onResize`, whose frame is drawn in full. With `mouseReporting`, SGR mouse reports are
/// turned on with the full screen (and off on every way out) and arrive as `.mouse` keys.
///
/// The keys of one read arrive together (`start(onKeys:onResize:)`), so a program can handle
/// a burst of input (a paste without bracketed paste, type-ahead) and draw one frame after
/// it. Ctrl-C acts at once however much input is queued: the keys before it in the same read
/// are dropped and the input not read yet is discarded, as a terminal driver does for an
/// interrupt (see `interruptDiscardsQueuedInput`).
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
  /// Whether the terminal is asked to report the mouse while the session runs.
  public let mouseReporting: Bool
  /// Whether Ctrl-Z suspends the program (`true`) or is delivered as a key.
  public var suspendsOnControlZ = true
  /// Whether Ctrl-C drops the keys that arrived before it in the same read and the input not
  /// read yet (`true`), or is delivered in order like any other key.
  public var interruptDiscardsQueuedInput = true

  private var renderer: Renderer
  private var parser = KeyParser()
  private let schedule: Schedule
  private var flushGeneration = 0
  private var onKeys: (@MainActor ([Key]) -> Void)?
  private var onResize: (@MainActor (TerminalSize) -> Void)?

  /// Creates a session on `terminal`; nothing happens until `start`.
  public init(
    terminal: any Terminal, colorMode: ColorMode = .color,
    escapeTimeout: Duration = .milliseconds(40), mouseReporting: Bool = false,
    schedule: @escaping Schedule = TerminalSession.afterOnMainQueue
  ) {
    self.terminal = terminal
    self.mouseReporting = mouseReporting
    self.renderer = Renderer(colorMode: colorMode)
    self.escapeTimeout = escapeTimeout
    self.schedule = schedule
  }

  /// A session on standard input and output, delivering on the main queue.
  ///
  /// - Throws: `TerminalError.notATerminal` when standard input or output is not a terminal.
  public static func standard(colorMode: ColorMode, mouseReporting: Bool = false) throws
    -> TerminalSession
  {
    TerminalSession(
      terminal: try TTYTerminal(queue: .main), colorMode: colorMode,
      mouseReporting: mouseReporting)
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

  /// Whether a complete character is held back because the next read might extend it (a
  /// combining mark, the rest of an emoji): it is delivered as soon as no read is waiting,
  /// without the escape timeout. A program that draws after each batch of keys can wait for
  /// it, so a burst of input is drawn once.
  public var isHoldingText: Bool { parser.hasPendingInput && !parser.isWaitingForSequence }

  /// Takes the screen over and starts delivering keys, one at a time, and size changes. After
  /// a resize the next frame is drawn in full; draw it from `onResize`.
  public func start(
    onKey: @escaping @MainActor (Key) -> Void,
    onResize: @escaping @MainActor (TerminalSize) -> Void = { _ in }
  ) throws {
    try start(
      onKeys: { [weak self] keys in
        for key in keys {
          guard let self, self.isRunning else { return }
          onKey(key)
        }
      }, onResize: onResize)
  }

  /// Takes the screen over and starts delivering keys and size changes. `onKeys` gets the
  /// keys of each read together, in order (possibly none, when a read only completed part of
  /// a key): handle them all, then draw once. After a resize the next frame is drawn in full;
  /// draw it from `onResize`.
  public func start(
    onKeys: @escaping @MainActor ([Key]) -> Void,
    onResize: @escaping @MainActor (TerminalSize) -> Void = { _ in }
  ) throws {
    guard !isRunning else { return }
    try enterFullScreen()
    isRunning = true
    renderer.invalidate()
    self.onKeys = onKeys
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

  /// Gives the terminal back, stops the process until the shell continues it, then takes the
  /// terminal again and asks `onResize` for a frame, drawn in full. If the terminal cannot be
  /// taken again, the session stops.
  public func suspend() {
    guard isRunning else { return }
    terminal.leaveFullScreen()
    terminal.suspendProcess()
    do {
      try enterFullScreen()
    } catch {
      stop()
      return
    }
    renderer.invalidate()
    onResize?(terminal.size)
  }

  /// Stops input and gives the terminal back. Safe to call more than once.
  public func stop() {
    guard isRunning else { return }
    isRunning = false
    terminal.stopInput()
    terminal.leaveFullScreen()
    onKeys = nil
    onResize = nil
  }

  private func enterFullScreen() throws {
    try terminal.enterFullScreen()
    if mouseReporting { terminal.write(ANSI.enableMouseReporting) }
  }

  private func receive(_ bytes: [UInt8]) {
    deliver(parser.parse(bytes))
    guard parser.hasPendingInput else { return }
    flushGeneration += 1
    let generation = flushGeneration
    // A held character only waits for a read already under way; a sequence may take longer.
    let delay = parser.isWaitingForSequence ? escapeTimeout : .zero
    schedule(delay) { [weak self] in
      guard let self, generation == self.flushGeneration else { return }
      self.deliver(self.parser.flush())
    }
  }

  private func deliver(_ keys: [Key]) {
    var rest = keys[...]
    if interruptDiscardsQueuedInput, let interrupt = rest.lastIndex(of: .control("c")) {
      rest = rest[interrupt...]
      terminal.discardUnreadInput()
    }
    while isRunning {
      guard suspendsOnControlZ, let stop = rest.firstIndex(of: .control("z")) else {
        onKeys?(Array(rest))
        return
      }
      if stop > rest.startIndex { onKeys?(Array(rest[..<stop])) }
      guard isRunning else { return }
      suspend()
      rest = rest[(stop + 1)...]
    }
  }

  private func resized(to size: TerminalSize) {
    renderer.invalidate()
    onResize?(size)
  }
}
