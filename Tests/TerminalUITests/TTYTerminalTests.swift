import Dispatch
import ReactiveTesting
import Synchronization
import TestSupport
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// These tests share the process-wide restore record (one full-screen terminal at a time),
/// so they run one after another.
@Suite(.serialized) struct TTYTerminalTests {
  private func isRaw(_ settings: termios) -> Bool {
    settings.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0
  }

  private func sameModes(_ a: termios, _ b: termios) -> Bool {
    a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
      && a.c_lflag == b.c_lflag
  }

  @Test func refusesToStartWithoutATerminal() throws {
    var pipeEnds: [Int32] = [0, 0]
    expectEqual(pipe(&pipeEnds), 0)
    defer { for end in pipeEnds { close(end) } }
    let pty = try PseudoTerminal()
    #expect(throws: TerminalError.notATerminal("standard input")) {
      _ = try TTYTerminal(input: pipeEnds[0], output: pty.follower)
    }
    #expect(throws: TerminalError.notATerminal("standard output")) {
      _ = try TTYTerminal(input: pty.follower, output: pipeEnds[1])
    }
    expectEqual(
      TerminalError.notATerminal("standard output").description,
      "standard output is not a terminal; run this program in an interactive terminal")
  }

  @Test func reportsTheWindowSize() throws {
    let pty = try PseudoTerminal()
    pty.setSize(width: 100, height: 30)
    let terminal = try TTYTerminal(input: pty.follower, output: pty.follower)
    expectEqual(terminal.size, TerminalSize(width: 100, height: 30))
  }

  @Test func fullScreenIsRawAndLeavingRestoresEverything() throws {
    let pty = try PseudoTerminal()
    let original = pty.settings
    #expect(!isRaw(original))
    let terminal = try TTYTerminal(input: pty.follower, output: pty.follower)
    try terminal.enterFullScreen()
    #expect(isRaw(pty.settings))
    #expect(pty.output(until: ANSI.enterFullScreen).hasSuffix(ANSI.enterFullScreen))
    terminal.write("hello")
    expectEqual(pty.output(until: "hello"), "hello")
    terminal.leaveFullScreen()
    #expect(sameModes(pty.settings, original))
    expectEqual(pty.output(until: ANSI.leaveFullScreen), ANSI.leaveFullScreen)
    terminal.leaveFullScreen()
    TTYTerminal.restore()
    expectEqual(pty.pendingOutput(), "")
  }

  @Test func onlyOneTerminalIsFullScreenAtATime() throws {
    let first = try PseudoTerminal()
    let second = try PseudoTerminal()
    let one = try TTYTerminal(input: first.follower, output: first.follower)
    let other = try TTYTerminal(input: second.follower, output: second.follower)
    try one.enterFullScreen()
    #expect(throws: TerminalError.alreadyInUse) { try other.enterFullScreen() }
    one.leaveFullScreen()
    try other.enterFullScreen()
    other.leaveFullScreen()
    #expect(!isRaw(second.settings))
  }

  @Test func restoreWorksFromAnywhereAndOnlyOnce() throws {
    let pty = try PseudoTerminal()
    let original = pty.settings
    let terminal = try TTYTerminal(input: pty.follower, output: pty.follower)
    try terminal.enterFullScreen()
    _ = pty.output(until: ANSI.enterFullScreen)
    DispatchQueue.global().sync { TTYTerminal.restore() }
    #expect(sameModes(pty.settings, original))
    expectEqual(pty.output(until: ANSI.leaveFullScreen), ANSI.leaveFullScreen)
    TTYTerminal.restore()
    terminal.leaveFullScreen()
    expectEqual(pty.pendingOutput(), "")
  }

  @Test func releasingTheTerminalRestoresIt() throws {
    let pty = try PseudoTerminal()
    let original = pty.settings
    do {
      let terminal = try TTYTerminal(input: pty.follower, output: pty.follower)
      try terminal.enterFullScreen()
    }
    #expect(sameModes(pty.settings, original))
    #expect(pty.output(until: ANSI.leaveFullScreen).hasSuffix(ANSI.leaveFullScreen))
  }

  /// A termination signal restores the terminal, then goes to the handler that was installed
  /// before (here a harmless one, so the test process survives).
  @Test func aSignalRestoresTheTerminalAndReachesThePreviousHandler() throws {
    let pty = try PseudoTerminal()
    let original = pty.settings
    var quiet = sigaction()
    #if canImport(Darwin)
      quiet.__sigaction_u.__sa_handler = { _ in SignalCount.value.add(1, ordering: .relaxed) }
    #else
      quiet.__sigaction_handler.sa_handler = { _ in SignalCount.value.add(1, ordering: .relaxed) }
    #endif
    var saved = sigaction()
    sigaction(SIGHUP, &quiet, &saved)
    defer { sigaction(SIGHUP, &saved, nil) }
    let before = SignalCount.value.load(ordering: .relaxed)

    let terminal = try TTYTerminal(input: pty.follower, output: pty.follower)
    try terminal.enterFullScreen()
    _ = pty.output(until: ANSI.enterFullScreen)
    // Test threads may block signals; unblock SIGHUP here so it is handled synchronously.
    var only = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, SIGHUP)
    pthread_sigmask(SIG_UNBLOCK, &only, &previousMask)
    raise(SIGHUP)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    #expect(sameModes(pty.settings, original))
    expectEqual(pty.output(until: ANSI.leaveFullScreen), ANSI.leaveFullScreen)
    #expect(SignalCount.value.load(ordering: .relaxed) == before + 1)
    terminal.leaveFullScreen()
    expectEqual(pty.pendingOutput(), "")
  }

  @Test func inputArrivesOnTheGivenQueue() async throws {
    let pty = try PseudoTerminal()
    let queue = DispatchQueue(label: "input")
    let terminal = try TTYTerminal(queue: queue, input: pty.follower, output: pty.follower)
    try terminal.enterFullScreen()
    _ = pty.output(until: ANSI.enterFullScreen)
    let received = Mutex<[UInt8]>([])
    let bytes: [UInt8] = await withCheckedContinuation { continuation in
      let once = Mutex(Optional(continuation))
      terminal.startInput(
        onBytes: { bytes in
          dispatchPrecondition(condition: .onQueue(queue))
          let all = received.withLock {
            $0 += bytes
            return $0
          }
          if all.count >= 4 { once.withLock { $0.take() }?.resume(returning: all) }
        }, onResize: { _ in })
      pty.type("\u{1B}[Aq")
      queue.asyncAfter(deadline: .now() + 5) {
        once.withLock { $0.take() }?.resume(returning: received.withLock { $0 })
      }
    }
    terminal.stopInput()
    terminal.leaveFullScreen()
    var parser = KeyParser()
    #expect(parser.parse(bytes) + parser.flush() == [.up, .character("q")])
  }
}

/// Counts deliveries to the test's own signal handler.
enum SignalCount {
  static let value = Atomic<Int>(0)
}
