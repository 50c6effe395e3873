import Foundation

/// An executable run as a separate process, with pipes for its standard streams.
///
/// What the process writes is read as it comes, by one thread per stream, so a process that
/// writes a lot never waits for the test to read, and the test can look at the output while
/// the process runs. Every wait takes a time limit and reports whether it was met, so a test
/// fails instead of hanging; the blocking waits block the calling thread (call them from a
/// thread of your own in an asynchronous test, see `onOwnThread(_:)`). A process still
/// running when its `LaunchedProcess` goes away is terminated.
public final class LaunchedProcess: @unchecked Sendable {
  // `process` is configured in `init` and only read afterwards (Foundation's `Process` is
  // thread-safe for that); `input` is written by one test at a time; `collected` and `exited`
  // synchronise themselves.
  /// The running process: its identifier, and once it ended, its status and reason.
  public let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let collected = CollectedOutput()
  private let exited = DispatchSemaphore(value: 0)

  /// Starts `executable` with `arguments`, in `environment` (the test's own environment when
  /// `nil`), with its standard input a pipe the test writes to, or the null device when
  /// `closeInput` is `true`.
  public init(
    _ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
    closeInput: Bool = false
  ) throws {
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardInput = closeInput ? FileHandle.nullDevice : input
    process.standardOutput = output
    process.standardError = errors
    let exited = exited
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    collected.read(output.fileHandleForReading, error: false)
    collected.read(errors.fileHandleForReading, error: true)
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// Writes `text` to the process's standard input, then closes it if asked.
  public func write(_ text: String, close: Bool = false) throws {
    try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    if close { try input.fileHandleForWriting.close() }
  }

  /// What the process wrote to its standard output so far.
  public var standardOutput: String { collected.text(error: false) }

  /// What the process wrote to its standard error so far.
  public var standardError: String { collected.text(error: true) }

  /// Waits until standard output satisfies `condition`, the process ended, or `timeout`
  /// passed; returns whether the output satisfies it.
  public func waitForOutput(timeout: TimeInterval, _ condition: (String) -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      if condition(standardOutput) { return true }
      if !process.isRunning {
        // What it wrote last may still be on its way from the pipe.
        _ = collected.waitForEndOfOutput(until: deadline)
        break
      }
      collected.waitForData(until: deadline)
    }
    return condition(standardOutput)
  }

  /// Waits until the process exited and closed its output (it and any child that inherited
  /// the pipes), or `timeout` passed; returns whether it did.
  public func waitForExit(timeout: TimeInterval) -> Bool {
    guard exited.wait(timeout: .now() + timeout) == .success else { return false }
    exited.signal()  // later waits return at once
    return collected.waitForEndOfOutput(until: Date(timeIntervalSinceNow: timeout))
  }

  /// Waits, without a time limit, until the process exited and closed its output: for tests
  /// whose suite has a time limit and whose process always ends.
  public func waitUntilExit() {
    process.waitUntilExit()
    _ = collected.waitForEndOfOutput(until: nil)
  }
}

/// Runs `body` on a new thread and returns its result, so that an asynchronous test that
/// waits for a process does not block one of the few threads Swift Testing runs tests on.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: body()) }
  }
}

/// The bytes a process wrote so far, read from its pipes by one thread each.
private final class CollectedOutput: @unchecked Sendable {
  // Every property is guarded by `condition`.
  private let condition = NSCondition()
  private var output = Data()
  private var errors = Data()
  private var openPipes = 0

  /// Reads `handle` on a thread of its own until the end of its data.
  func read(_ handle: FileHandle, error: Bool) {
    condition.lock()
    openPipes += 1
    condition.unlock()
    let reader = UncheckedHandle(handle: handle)
    Thread.detachNewThread { [self] in
      while true {
        let chunk = reader.handle.availableData
        if chunk.isEmpty { break }
        append(chunk, error: error)
      }
      condition.lock()
      openPipes -= 1
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Waits until every pipe reached its end, or `deadline` (if any); returns whether they did.
  func waitForEndOfOutput(until deadline: Date?) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while openPipes > 0 {
      guard let deadline else {
        condition.wait()
        continue
      }
      if !condition.wait(until: deadline) { return openPipes == 0 }
    }
    return true
  }

  func append(_ data: Data, error: Bool) {
    condition.lock()
    if error { errors.append(data) } else { output.append(data) }
    condition.broadcast()
    condition.unlock()
  }

  func text(error: Bool) -> String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: error ? errors : output, as: UTF8.self)
  }

  /// Waits for more data, or until `deadline`, or 50 ms at most (to notice the process end).
  func waitForData(until deadline: Date) {
    condition.lock()
    _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.05)))
    condition.unlock()
  }
}

/// A file handle read by one thread only.
private struct UncheckedHandle: @unchecked Sendable {
  let handle: FileHandle
}
