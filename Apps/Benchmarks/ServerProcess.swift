import Foundation

// What the server workloads share: the server as a process of its own, and the bytes of a
// request.

/// The bytes of one request with the headers the server asks for.
func httpRequest(
  _ method: String, _ target: String, port: UInt16, token: String?, body: String?
) -> [UInt8] {
  var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
  if let token { head += "Authorization: Bearer \(token)\r\n" }
  if let body {
    head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
  }
  return Array((head + "\r\n" + (body ?? "")).utf8)
}

/// A server workload that could not run.
struct ServerMixError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A `friends-server` process (or another server of the app's, `friends-web`) from this
/// executable's folder, on a free port of the loopback interface.
final class ServerProcess {
  let process = Process()
  let port: UInt16
  /// The first line the server printed.
  let firstLine: String

  init(
    _ name: String = "friends-server", arguments: [String], environment: [String: String]
  ) throws {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = folder.appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw ServerMixError(
        "\(executable.path) is missing: build it first (swift build -c release)")
    }
    process.executableURL = executable
    process.arguments = ["--port", "0"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The server prints the URL it listens on as its first line; give up after ten seconds.
    let reader = output.fileHandleForReading
    var text = ""
    let limit = Date().addingTimeInterval(10)
    while !text.contains("\n"), Date() < limit, process.isRunning {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    // The line is the URL, or a sentence with the URL in it.
    firstLine = String(text.prefix { $0 != "\n" })
    let address = firstLine.split(separator: " ").first { $0.hasPrefix("http://") }
    guard let url = address.flatMap({ URL(string: String($0)) }), let port = url.port else {
      process.terminate()
      throw ServerMixError("the server did not start (it printed \"\(text)\")")
    }
    self.port = UInt16(port)
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
