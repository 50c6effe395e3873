import AppComposition
import Foundation
import LocalBackend
import Models
import RemoteBackend
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `friends-server` executable, run as a separate process.
@Suite(.timeLimit(.minutes(1))) struct ServerExecutableTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func servesTheStoreAndStopsCleanlyOnASignal(signalNumber: Int32) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("friends-server-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ServerProcess(arguments: ["--port", "0", "--data-dir", directory.path])
    let line = try #require(server.firstLine(within: .seconds(10)))
    let url = try #require(URL(string: line))
    #expect(url.host == "127.0.0.1")

    let friends = try await HTTPClient(baseURL: url, timeout: .seconds(2)).friends()
    #expect(friends.count == 20)
    #expect(try LocalStore(directory: directory).friends() == friends)

    kill(server.process.processIdentifier, signalNumber)
    #expect(server.waitForExit(within: .seconds(10)))
    #expect(server.process.terminationReason == .exit)
    #expect(server.process.terminationStatus == 0)
    #expect(server.errorOutput().contains("stopped"))
  }

  @Test func aUsageErrorExits64NamingTheArgument() throws {
    let server = try ServerProcess(arguments: ["--port", "high"])
    #expect(server.waitForExit(within: .seconds(10)))
    #expect(server.process.terminationStatus == 64)
    #expect(
      server.errorOutput().hasPrefix(
        "friends-server: --port must be a number from 0 to 65535, not \"high\""))
  }

  @Test func helpPrintsTheUsageAndExits0() throws {
    let server = try ServerProcess(arguments: ["--help"])
    #expect(server.waitForExit(within: .seconds(10)))
    #expect(server.process.terminationStatus == 0)
    #expect(server.output().hasPrefix("usage: friends-server"))
  }

  @Test func versionPrintsTheNameAndVersionAndExits0() throws {
    let server = try ServerProcess(arguments: ["--version"])
    #expect(server.waitForExit(within: .seconds(10)))
    #expect(server.process.terminationStatus == 0)
    #expect(server.output() == "\(AppIdentity.serverCommand) \(AppIdentity.version)\n")
  }
}

/// A running `friends-server` with its output pipes.
private final class ServerProcess: Sendable {
  let process = Process()
  private let standardOutput = Pipe()
  private let standardError = Pipe()
  private let exited = DispatchSemaphore(value: 0)

  init(arguments: [String]) throws {
    process.executableURL = try Self.executable()
    process.arguments = arguments
    process.standardOutput = standardOutput
    process.standardError = standardError
    let exited = exited
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The first line of standard output, or `nil` when none arrives within `timeout`.
  func firstLine(within timeout: Duration) -> String? {
    let received = DispatchSemaphore(value: 0)
    let line = Mutex<String?>(nil)
    let handle = standardOutput.fileHandleForReading
    Thread {
      var bytes: [UInt8] = []
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        bytes += chunk
        if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
          line.withLock { $0 = String(decoding: bytes[..<end], as: UTF8.self) }
          break
        }
      }
      received.signal()
    }.start()
    guard received.wait(timeout: .now() + .nanoseconds(Int(timeout.nanoseconds))) == .success
    else { return nil }
    return line.withLock { $0 }
  }

  /// Whether the process exits within `timeout`.
  func waitForExit(within timeout: Duration) -> Bool {
    exited.wait(timeout: .now() + .nanoseconds(Int(timeout.nanoseconds))) == .success
  }

  /// Everything written to standard output (call after the process exited).
  func output() -> String {
    let data = (try? standardOutput.fileHandleForReading.readToEnd()) ?? nil
    return String(decoding: data ?? Data(), as: UTF8.self)
  }

  /// Everything written to standard error (call after the process exited).
  func errorOutput() -> String {
    let data = (try? standardError.fileHandleForReading.readToEnd()) ?? nil
    return String(decoding: data ?? Data(), as: UTF8.self)
  }

  /// `friends-server` is built next to the test bundle; depending on the platform that
  /// directory is found from the bundle, from the running executable, or from this source
  /// file (`.build/debug` of the package).
  static func executable() throws -> URL {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let starts = [
      Bundle(for: ServerProcess.self).bundleURL,
      Bundle.main.bundleURL,
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
      packageRoot.appendingPathComponent(".build/debug/friends-server"),
    ]
    for start in starts {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent("friends-server")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory.deleteLastPathComponent()
      }
    }
    throw MissingExecutable(searchedFrom: starts.map(\.path))
  }
}

private struct MissingExecutable: Error, CustomStringConvertible {
  var searchedFrom: [String]
  var description: String {
    "friends-server was not found near \(searchedFrom.joined(separator: ", ")); "
      + "build it with `swift build --product friends-server`"
  }
}

extension Duration {
  fileprivate var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
