import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide record of how to give the terminal back, usable from a signal handler.
///
/// A signal handler cannot capture context, so everything it needs is prepared here in
/// advance: the descriptor, its saved settings and the restoring bytes. `restore()` acts at
/// most once per `arm` (an atomic flag), calls only `tcsetattr` and `write`, and allocates
/// nothing. The handlers cover termination (`SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`) and
/// crashes (`SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGBUS`, `SIGFPE`, `SIGSEGV`): each restores the
/// terminal, puts back the handler that was there before (usually the default action) and
/// raises the signal again, so the process ends as it would have, with status 128+signal.
/// Termination signals that were ignored stay ignored. `exit()` restores too (`atexit`).
enum TerminalRestore {
  private static let armed = Atomic<Bool>(false)
  private static let exitHookInstalled = Atomic<Bool>(false)
  /// Serialises `arm` and `restoreAndUninstall` (never taken by a signal handler).
  private static let setup = Mutex(())
  private static let signalLimit = 65
  // Written only while `armed` is false, before it becomes true; read by `restore()` only
  // after winning the flag. The buffers are allocated once and never freed.
  nonisolated(unsafe) private static var input: Int32 = -1
  nonisolated(unsafe) private static var output: Int32 = -1
  // Allocated, like the buffers below, rather than a `termios` global: AddressSanitizer
  // reports a false overflow when a whole `termios` is stored into a Swift global.
  nonisolated(unsafe) private static let settings: UnsafeMutablePointer<termios> = {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    settings.initialize(to: termios())
    return settings
  }()
  // Empty until the first `arm`, which allocates it. A new length allocates a new buffer and
  // keeps the old one, which a signal handler may still be writing out.
  nonisolated(unsafe) private static var sequence = UnsafeMutableBufferPointer<UInt8>(
    start: nil, count: 0)
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>
    .allocate(capacity: signalLimit)
  nonisolated(unsafe) private static let installed: UnsafeMutablePointer<Bool> = {
    let flags = UnsafeMutablePointer<Bool>.allocate(capacity: signalLimit)
    flags.initialize(repeating: false, count: signalLimit)
    return flags
  }()

  private static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

  /// Records how to restore the terminal (`settings` for `input`, `bytes` written to
  /// `output`) and installs the handlers. Returns `false` when a terminal is already armed.
  static func arm(input: Int32, output: Int32, settings: termios, restoring bytes: [UInt8]) -> Bool
  {
    setup.withLock { _ in armLocked(input: input, output: output, settings: settings, bytes: bytes)
    }
  }

  private static func armLocked(input: Int32, output: Int32, settings: termios, bytes: [UInt8])
    -> Bool
  {
    guard !armed.load(ordering: .acquiring) else { return false }
    Self.input = input
    Self.output = output
    Self.settings.pointee = settings
    if sequence.baseAddress == nil || sequence.count != bytes.count {
      sequence = .allocate(capacity: bytes.count)
    }
    _ = sequence.initialize(from: bytes)
    armed.store(true, ordering: .releasing)
    if exitHookInstalled.compareExchange(expected: false, desired: true, ordering: .relaxed)
      .exchanged
    {
      atexit { TerminalRestore.restore() }
    }
    for signal in terminationSignals { install(signal, isCrash: false) }
    for signal in crashSignals { install(signal, isCrash: true) }
    return true
  }

  /// Restores the terminal if it is armed, and disarms. Idempotent and async-signal-safe.
  static func restore() {
    guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return }
    _ = tcsetattr(input, TCSANOW, settings)
    if let base = sequence.baseAddress { writeAll(output, UnsafeRawPointer(base), sequence.count) }
  }

  /// Restores the terminal and puts back the signal handlers that were there before `arm`.
  static func restoreAndUninstall() {
    setup.withLock { _ in
      restore()
      for signal in 1..<Int32(signalLimit) where installed[Int(signal)] {
        installed[Int(signal)] = false
        _ = sigaction(signal, previousActions + Int(signal), nil)
      }
    }
  }

  /// Writes all of `count` bytes, retrying after interruptions; async-signal-safe.
  static func writeAll(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) {
    var offset = 0
    while offset < count {
      let written = write(descriptor, base + offset, count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else if written < 0 && errno == EAGAIN {
        _ = DescriptorWait.wait(descriptor, forWriting: true, milliseconds: 100)
      } else {
        return
      }
    }
  }

  /// Installs the handler for `signal`, remembering the previous one. A termination signal
  /// that is ignored stays ignored; a crash handler runs on the alternate signal stack when
  /// the thread has one (so a stack overflow can still restore).
  private static func install(_ signal: Int32, isCrash: Bool) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handleSignal
    #else
      action.__sigaction_handler.sa_handler = handleSignal
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = isCrash ? Int32(SA_ONSTACK) : 0
    var previous = sigaction()
    guard sigaction(signal, nil, &previous) == 0 else { return }
    if !isCrash && isIgnored(previous) { return }
    previousActions[Int(signal)] = previous
    if sigaction(signal, &action, nil) == 0 { installed[Int(signal)] = true }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #else
      let handler = action.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
  }

  private static let handleSignal: @convention(c) (Int32) -> Void = { signal in
    TerminalRestore.restore()
    if signal > 0, signal < Int32(TerminalRestore.signalLimit) {
      _ = sigaction(signal, TerminalRestore.previousActions + Int(signal), nil)
    }
    raise(signal)
  }
}
