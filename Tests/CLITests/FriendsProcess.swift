import AppComposition
import Foundation
import Testing

/// The built `friends` executable, run as a separate process with pipes for its standard
/// streams, against a data directory of the test's own.
///
/// Waiting for the process blocks a thread, so the asynchronous calls wait on a thread of
/// their own: Swift Testing runs tests on a small shared pool (two threads on a two-core
/// machine), and a test blocking one of them would stall every other test.
struct FriendsProcess: @unchecked Sendable {
  // A test uses its process from one task, one call at a time; `Collected` locks its own data.
  /// What a finished run printed and how it ended.
  struct Result: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  let process = Process()
  let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let collected = Collected()

  /// Starts `friends arguments` with `--data-dir directory` (unless `dataDirectoryOption` is
  /// `false`) in a small, fixed environment whose home is `directory`.
  init(
    _ arguments: [String], directory: URL, closeInput: Bool = false,
    dataDirectoryOption: Bool = true
  ) throws {
    process.executableURL = try Self.executable()
    process.arguments = (dataDirectoryOption ? ["--data-dir", directory.path] : []) + arguments
    process.environment = [
      "HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]
    process.standardInput = closeInput ? FileHandle.nullDevice : input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    collected.read(output.fileHandleForReading, error: false)
    collected.read(errors.fileHandleForReading, error: true)
  }

  /// Runs `friends arguments` to the end, with `stdin` as its input (closed at once when
  /// `nil`).
  static func run(
    _ arguments: [String], directory: URL, stdin: String? = nil, dataDirectoryOption: Bool = true
  ) async throws -> Result {
    let running = try FriendsProcess(
      arguments, directory: directory, closeInput: stdin == nil,
      dataDirectoryOption: dataDirectoryOption)
    if let stdin { try running.write(stdin, close: true) }
    return await running.finish()
  }

  /// Writes `text` to the process's standard input, then closes it if asked.
  func write(_ text: String, close: Bool = false) throws {
    try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    if close { try input.fileHandleForWriting.close() }
  }

  /// Standard output so far.
  var stdoutSoFar: String { collected.text(error: false) }

  /// Waits (up to `timeout` seconds) until standard output satisfies `condition`; returns
  /// whether it did.
  func waitForOutput(
    timeout: TimeInterval = 10, _ condition: @escaping @Sendable (String) -> Bool
  ) async -> Bool {
    await onOwnThread {
      let deadline = Date(timeIntervalSinceNow: timeout)
      while Date() < deadline {
        if condition(stdoutSoFar) { return true }
        if !process.isRunning { return condition(stdoutSoFar) }
        collected.waitForData(until: deadline)
      }
      return condition(stdoutSoFar)
    }
  }

  /// Waits for the process to end and returns what it printed.
  func finish() async -> Result {
    await onOwnThread {
      process.waitUntilExit()
      collected.waitForEndOfOutput()
      return Result(
        stdout: collected.text(error: false), stderr: collected.text(error: true),
        status: process.terminationStatus)
    }
  }

  /// Runs `body` on a new thread and returns its result.
  private func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async
    -> Value
  {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: body()) }
    }
  }

  /// The executable is built into the same directory as the test bundle (the test target
  /// depends on it). Depending on the platform, that directory is found from the bundle, from
  /// the running executable, or from this source file (`.build/debug` of the package).
  static func executable() throws -> URL {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let starts = [
      Bundle(for: Collected.self).bundleURL,
      Bundle.main.bundleURL,
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
      packageRoot.appendingPathComponent(".build/debug/\(AppIdentity.command)"),
    ]
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent(AppIdentity.command)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
          !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
        {
          return candidate
        }
        directory.deleteLastPathComponent()
      }
    }
    throw MissingExecutable(searchedFrom: starts.map(\.path))
  }
}

/// The bytes a process wrote so far, read from its pipes by one thread each.
private final class Collected: @unchecked Sendable {
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

  /// Waits until every pipe reached its end (the process and its children closed them).
  func waitForEndOfOutput() {
    condition.lock()
    while openPipes > 0 { condition.wait() }
    condition.unlock()
  }

  func append(_ data: Data, error: Bool) {
    guard !data.isEmpty else { return }
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

private struct MissingExecutable: Error, CustomStringConvertible {
  var searchedFrom: [String]
  var description: String {
    "\(AppIdentity.command) was not found near \(searchedFrom.joined(separator: ", ")); "
      + "build it with `swift build --product \(AppIdentity.command)`"
  }
}
