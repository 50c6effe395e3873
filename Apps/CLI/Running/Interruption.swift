import CommandLineKit
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends the program at once on Ctrl-C, with status 130, never in the middle of a line.
///
/// Every write to standard output and standard error goes through `guarding(_:)`, which holds
/// one lock per write. On SIGINT a handler on its own queue (so it runs even while the main
/// thread waits for a prompt's answer) takes that lock, erases a spinner line if standard
/// error is a terminal, and ends the process. A line is therefore either fully written or not
/// at all; a JSON document, written in one piece, likewise.
final class Interruption: Sendable {
  // `lock` is thread-safe; `source` is set once in `install` and only kept alive.
  private let lock = NSRecursiveLock()
  private let queue = DispatchQueue(label: "command-line.interruption")
  private let erasesLine: Bool
  private nonisolated(unsafe) var source: DispatchSourceSignal?

  /// A handler; `erasesLine` clears the current line of standard error on Ctrl-C.
  init(erasesLine: Bool) {
    self.erasesLine = erasesLine
  }

  /// `sink`, with each write made under the interruption lock.
  func guarding(_ sink: any OutputSink) -> any OutputSink {
    GuardedOutput(base: sink, lock: lock)
  }

  /// Starts handling Ctrl-C: from now on SIGINT ends the process with status 130.
  func install() {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
    let (lock, erasesLine) = (self.lock, self.erasesLine)
    source.setEventHandler {
      // A writer stuck on a full pipe must not keep Ctrl-C from working: wait a little only.
      _ = lock.lock(before: Date(timeIntervalSinceNow: 0.5))
      if erasesLine {
        let erase = Array("\r\u{1B}[2K".utf8)
        _ = erase.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      }
      _exit(ExitCode.interrupted.rawValue)
    }
    source.resume()
    self.source = source
  }
}

/// An output whose writes are made one at a time under a shared lock.
private struct GuardedOutput: OutputSink {
  let base: any OutputSink
  let lock: NSRecursiveLock

  var isTerminal: Bool { base.isTerminal }
  var writeFailure: String? { base.writeFailure }

  func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    base.write(text)
  }
}
