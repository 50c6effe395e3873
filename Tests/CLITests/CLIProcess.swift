import AppComposition
import Foundation
import TestSupport
import Testing

/// The built `friends` executable, run as a separate process with pipes for its standard
/// streams, against a data directory of the test's own.
///
/// Waiting for the process blocks a thread, so the asynchronous calls wait on a thread of
/// their own: Swift Testing runs tests on a small shared pool (two threads on a two-core
/// machine), and a test blocking one of them would stall every other test.
struct CLIProcess: Sendable {
  /// What a finished run printed and how it ended.
  struct Result: Sendable {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  private let launched: LaunchedProcess

  /// The running process.
  var process: Process { launched.process }

  /// Starts `friends arguments` with `--data-dir directory` (unless `dataDirectoryOption` is
  /// `false`) in a small, fixed environment whose home is `directory`.
  init(
    _ arguments: [String], directory: URL, closeInput: Bool = false,
    dataDirectoryOption: Bool = true
  ) throws {
    launched = try LaunchedProcess(
      builtExecutable(AppIdentity.command),
      arguments: (dataDirectoryOption ? ["--data-dir", directory.path] : []) + arguments,
      environment: [
        "HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
      ],
      closeInput: closeInput)
  }

  /// Runs `friends arguments` to the end, with `stdin` as its input (closed at once when
  /// `nil`).
  static func run(
    _ arguments: [String], directory: URL, stdin: String? = nil, dataDirectoryOption: Bool = true
  ) async throws -> Result {
    let running = try CLIProcess(
      arguments, directory: directory, closeInput: stdin == nil,
      dataDirectoryOption: dataDirectoryOption)
    if let stdin { try running.write(stdin, close: true) }
    return await running.finish()
  }

  /// Writes `text` to the process's standard input, then closes it if asked.
  func write(_ text: String, close: Bool = false) throws {
    try launched.write(text, close: close)
  }

  /// Standard output so far.
  var stdoutSoFar: String { launched.standardOutput }

  /// Waits (up to `timeout` seconds) until standard output satisfies `condition`; returns
  /// whether it did.
  func waitForOutput(
    timeout: TimeInterval = 10, _ condition: @escaping @Sendable (String) -> Bool
  ) async -> Bool {
    await onOwnThread { [launched] in launched.waitForOutput(timeout: timeout, condition) }
  }

  /// Waits for the process to end and returns what it printed. A process still running after
  /// two minutes is stopped, so a test fails on its status instead of hanging.
  func finish() async -> Result {
    await onOwnThread { [launched] in
      if !launched.waitForExit(timeout: 120) {
        launched.process.terminate()
        launched.waitUntilExit()
      }
      return Result(
        stdout: launched.standardOutput, stderr: launched.standardError,
        status: launched.process.terminationStatus)
    }
  }
}
