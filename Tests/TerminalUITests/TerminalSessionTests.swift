import ReactiveTesting
import TerminalUITesting
import Testing

@testable import TerminalUI

/// Collects scheduled actions so a test decides when "later" is.
@MainActor final class ManualSchedule {
  var delays: [Duration] = []
  private var actions: [@MainActor () -> Void] = []

  var schedule: TerminalSession.Schedule {
    { [self] delay, action in
      delays.append(delay)
      actions.append(action)
    }
  }

  func runAll() {
    let due = actions
    actions.removeAll()
    for action in due { action() }
  }
}

@MainActor @Suite struct TerminalSessionTests {
  private let terminal = MemoryTerminal(size: TerminalSize(width: 20, height: 4))
  private let clock = ManualSchedule()

  private func startedSession(keys: KeyLog, colorMode: ColorMode = .color) throws
    -> TerminalSession
  {
    let session = TerminalSession(
      terminal: terminal, colorMode: colorMode, schedule: clock.schedule)
    try session.start(onKey: { keys.keys.append($0) }, onResize: { keys.sizes.append($0) })
    return session
  }

  @Test func startTakesTheScreenAndStopGivesItBack() throws {
    terminal.write("$ friends-tui")
    let session = try startedSession(keys: KeyLog())
    #expect(session.isRunning && terminal.isFullScreen && terminal.screen.isAlternateScreen)
    session.render { $0.write("Friends", x: 0, y: 0) }
    expectEqual(terminal.lines[0], "Friends             ")
    session.stop()
    session.stop()
    #expect(!session.isRunning && !terminal.isFullScreen && !terminal.isReceivingInput)
    #expect(!terminal.screen.isAlternateScreen && terminal.screen.isCursorVisible)
    expectEqual(terminal.lines[0], "$ friends-tui       ")
  }

  @Test func bytesBecomeKeys() throws {
    let log = KeyLog()
    let session = try startedSession(keys: log)
    terminal.send("a\u{1B}[A\r\u{04}")
    expectEqual(log.keys, [.character("a"), .up, .enter, .control("d")])
    #expect(clock.delays.isEmpty)
    session.stop()
  }

  @Test func theKeysOfOneReadArriveTogether() throws {
    let session = TerminalSession(terminal: terminal, schedule: clock.schedule)
    var batches: [[Key]] = []
    try session.start(onKeys: { batches.append($0) })
    terminal.send("ab\u{1B}[Ac\r")
    terminal.send("\u{1B}[B")
    expectEqual(
      batches, [[.character("a"), .character("b"), .up, .character("c"), .enter], [.down]])
    session.stop()
  }

  @Test func aCharacterThatMayBeExtendedIsHeldAndSaidSo() throws {
    let session = TerminalSession(terminal: terminal, schedule: clock.schedule)
    var batches: [[Key]] = []
    try session.start(onKeys: { batches.append($0) })
    terminal.send("abc")
    expectEqual(batches, [[.character("a"), .character("b")]])
    #expect(session.isHoldingText)
    clock.runAll()
    expectEqual(batches.last, [.character("c")])
    #expect(!session.isHoldingText)
    // A lone ESC waits for a sequence: that is not text about to follow.
    terminal.send("\u{1B}")
    #expect(!session.isHoldingText)
    session.stop()
  }

  @Test func controlCDropsWhatWasQueuedBeforeItAndTheUnreadInput() throws {
    let log = KeyLog()
    let session = try startedSession(keys: log)
    terminal.send(String(repeating: "x", count: 5_000) + "\r\u{03}y")
    clock.runAll()
    expectEqual(log.keys, [.control("c"), .character("y")])
    expectEqual(terminal.discardCount, 1)
    session.interruptDiscardsQueuedInput = false
    log.keys.removeAll()
    terminal.send("x\u{03}y")
    clock.runAll()
    expectEqual(log.keys, [.character("x"), .control("c"), .character("y")])
    expectEqual(terminal.discardCount, 1)
    session.stop()
  }

  @Test func aLoneEscapeIsDeliveredAfterTheTimeout() throws {
    let log = KeyLog()
    let session = try startedSession(keys: log)
    terminal.send("\u{1B}")
    expectEqual(log.keys, [])
    expectEqual(clock.delays, [session.escapeTimeout])
    clock.runAll()
    expectEqual(log.keys, [.escape])
  }

  @Test func anEscapeCompletedByTheNextReadIsNotDeliveredTwice() throws {
    let log = KeyLog()
    let session = try startedSession(keys: log)
    terminal.send("\u{1B}")
    terminal.send("[B")
    clock.runAll()
    expectEqual(log.keys, [.down])
    session.stop()
  }

  @Test func aResizeIsReportedAndRedrawsInFull() throws {
    let log = KeyLog()
    let session = try startedSession(keys: log)
    session.render { $0.write("abc", x: 0, y: 0) }
    session.render { $0.write("abc", x: 0, y: 0) }
    expectEqual(session.lastCellCount, 0)
    terminal.resize(to: TerminalSize(width: 10, height: 2))
    expectEqual(log.sizes, [TerminalSize(width: 10, height: 2)])
    session.render { $0.write("abc", x: 0, y: 0) }
    expectEqual(session.lastCellCount, 3)
    expectEqual(terminal.lines, ["abc       ", "          "])
  }

  @Test func keysStopArrivingAfterStop() throws {
    let log = KeyLog()
    let session = try startedSession(keys: log)
    terminal.send("\u{1B}")
    session.stop()
    terminal.send("x")
    clock.runAll()
    expectEqual(log.keys, [])
  }

  @Test func noColorDropsColoursButKeepsReverse() throws {
    let session = try startedSession(keys: KeyLog(), colorMode: .noColor)
    session.render { buffer in
      buffer.write("hi", x: 0, y: 0, style: Style.plain.foreground(.red).reversed())
    }
    expectEqual(terminal.cell(x: 0, y: 0).style, Style.plain.reversed())
  }

  @Test func controlZGivesTheTerminalBackStopsAndRedrawsInFullOnContinue() throws {
    let log = KeyLog()
    let session = TerminalSession(
      terminal: terminal, mouseReporting: true, schedule: clock.schedule)
    try session.start(
      onKey: { log.keys.append($0) },
      onResize: { size in
        log.sizes.append(size)
        session.render { $0.write("Friends", x: 0, y: 0) }
      })
    session.render { $0.write("Friends", x: 0, y: 0) }
    var seenWhileStopped: (fullScreen: Bool, mouse: Bool, alternate: Bool)?
    // Weak: the terminal keeps this closure, so a strong capture would never be freed.
    terminal.whileSuspended = { [weak terminal] in
      guard let terminal else { return }
      seenWhileStopped = (
        terminal.isFullScreen, terminal.screen.isMouseReportingEnabled,
        terminal.screen.isAlternateScreen
      )
    }
    terminal.resetOutput()
    terminal.send("\u{1A}")
    expectEqual(terminal.suspensionCount, 1)
    expectEqual(
      seenWhileStopped.map { [$0.fullScreen, $0.mouse, $0.alternate] }, [false, false, false])
    expectEqual(log.keys, [])
    expectEqual(log.sizes, [terminal.size])
    #expect(terminal.isFullScreen && terminal.screen.isMouseReportingEnabled)
    expectEqual(terminal.lines[0], "Friends             ")
    // The frame after the continue is drawn in full, from a cleared screen.
    #expect(
      String(decoding: terminal.output, as: UTF8.self).hasSuffix(
        ANSI.resetStyle + ANSI.clearScreen + "\u{1B}[1HFriends"))
    session.suspendsOnControlZ = false
    terminal.send("\u{1A}")
    #expect(log.keys == [.control("z")] && terminal.suspensionCount == 1)
    session.stop()
    #expect(!terminal.screen.isMouseReportingEnabled)
  }

  @Test func mouseReportingIsOnlyAskedFor() throws {
    let session = try startedSession(keys: KeyLog())
    #expect(!terminal.screen.isMouseReportingEnabled)
    session.stop()
    let log = KeyLog()
    let mouse = TerminalSession(terminal: terminal, mouseReporting: true, schedule: clock.schedule)
    try mouse.start(onKey: { log.keys.append($0) })
    #expect(terminal.screen.isMouseReportingEnabled)
    terminal.send("\u{1B}[<0;5;2M")
    expectEqual(log.keys, [.mouse(MouseEvent(.press(.left), x: 4, y: 1))])
    mouse.stop()
    #expect(!terminal.screen.isMouseReportingEnabled)
    #expect(ANSI.leaveFullScreen.contains(ANSI.disableMouseReporting))
  }

  @Test func oneKeystrokeInATextFieldRedrawsTwoCells() throws {
    let screen = MemoryTerminal(size: TerminalSize(width: 80, height: 24))
    let session = TerminalSession(terminal: screen, schedule: clock.schedule)
    var email = TextField(placeholder: "you@example.com", isFocused: true)
    let password = TextField(placeholder: "8+ characters", isSecure: true)
    func draw() {
      session.render { buffer in
        let rows = buffer.bounds.inset(by: 2).rows([.fixed(1), .fixed(1), .fixed(1), .fill])
        buffer.write("Email:    ", in: rows[0])
        email.render(into: &buffer, rect: rows[0].inset(left: 10, right: 30))
        buffer.write("Password: ", in: rows[1])
        password.render(into: &buffer, rect: rows[1].inset(left: 10, right: 30))
        Button("Log in", isEnabled: false).render(into: &buffer, rect: rows[2].inset(left: 10))
        StatusBar(hints: [KeyHint("Tab", "next"), KeyHint("Esc", "back")])
          .render(into: &buffer, rect: buffer.bounds.row(23))
      }
    }
    try session.start(
      onKey: { key in
        _ = email.handle(key)
        draw()
      })
    draw()
    let typed = "ada@example.co"
    screen.send(typed)
    clock.runAll()
    screen.resetOutput()
    screen.send("m")
    // The last character waits for a read that could extend it, without the escape timeout.
    expectEqual(clock.delays.last, .zero)
    clock.runAll()
    #expect(screen.lines[2] == "  Email:    ada@example.com" + String(repeating: " ", count: 53))
    expectEqual(session.lastCellCount, 2)
    let output = String(decoding: screen.output, as: UTF8.self)
    print("One keystroke in a text field: \(screen.bytesWritten) bytes, \(output.debugDescription)")
    session.stop()
  }
}

/// What a session delivered.
@MainActor final class KeyLog {
  var keys: [Key] = []
  var sizes: [TerminalSize] = []
}
