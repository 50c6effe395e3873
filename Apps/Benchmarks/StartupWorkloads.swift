import AppComposition
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The start-up workloads: the command-line front, `friends` from this executable's folder,
// started `n` times and waited for, as a shell runs it. They time what a person waits for
// between pressing Return and the prompt coming back: loading the executable and its
// libraries, reading the data, printing. Which build is measured is whatever `friends` is
// beside the benchmarks: `swift build -c release --static-swift-stdlib` on Linux links the
// Swift libraries into the executable, where the dynamic loader would otherwise bind them at
// every start (see `README.md` in this folder).

/// The start-up workloads.
let startupWorkloads: [Workload] = [
  .prepared(
    "SU-help", size: 20, unit: "start",
    "`friends --help` started and waited for, per start"
  ) { n in
    let command = try StartupCommand()
    return PreparedWorkload(
      pass: { try command.pass(n, ["--help"]) }, finish: {})
  },
  .prepared(
    "SU-list", size: 20, unit: "start",
    "`friends list` on the demo data, logged in, started and waited for, per start"
  ) { n in
    let command = try StartupCommand()
    let directory = try command.loggedInDataDirectory()
    return PreparedWorkload(
      pass: { try command.pass(n, ["--data-dir", directory.path, "list"]) },
      finish: { try? FileManager.default.removeItem(at: directory) })
  },
]

/// The command-line front beside the benchmarks, started with its output thrown away.
private struct StartupCommand {
  let path: String

  init() throws {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    path = folder.appendingPathComponent(AppIdentity.command).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw StartupError(
        "\(path) is missing: build it first "
          + "(swift build -c release --static-swift-stdlib, or without the flag on macOS)")
    }
  }

  /// `n` starts of the command with `arguments`, each waited for; fails unless each exits 0.
  func pass(_ n: Int, _ arguments: [String]) throws -> Pass {
    var statuses: Int32 = 0
    let nanoseconds = try measureThrowing {
      for _ in 0..<n { statuses |= try run(arguments) }
    }
    guard statuses == 0 else {
      throw StartupError(
        "\(AppIdentity.command) \(arguments.joined(separator: " ")) did not exit with 0")
    }
    return Pass(nanoseconds: nanoseconds, checksum: n)
  }

  /// A new data directory with the demo data, logged in to the demo account.
  func loggedInDataDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-startup-\(UUID().uuidString)", isDirectory: true)
    let login = [
      "--data-dir", directory.path, "login", "--email", "ada@example.com", "--password",
      "correct horse",
    ]
    guard try run(login) == 0 else {
      try? FileManager.default.removeItem(at: directory)
      throw StartupError("\(AppIdentity.command) login on \(directory.path) failed")
    }
    return directory
  }

  /// Starts the command and waits for it; returns its exit status (128 + the signal's number
  /// when a signal ended it).
  private func run(_ arguments: [String]) throws -> Int32 {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw StartupError("could not start \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw StartupError("waitpid failed") }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}

/// A start-up workload that could not run.
private struct StartupError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
