import AppComposition
import CommandLineKit
import Foundation
import LocalBackend
import ReactiveCore

/// What one run of the program takes from the world outside: where it prints, where it reads,
/// its environment, how it waits, and how it builds its services. The program passes the
/// process's own; tests pass buffers, scripted input, virtual time and fake services.
@MainActor
struct Runtime {
  /// Standard output and standard error.
  var console: Console
  /// Where prompts read answers.
  var input: any LineInput
  /// The lines of standard input as they are typed, for a command that reads its input line
  /// by line (one that follows what is typed rather than asking once).
  var lines: () -> Observable<String>
  /// The environment variables (the data directory and colour depend on them).
  var environment: [String: String]
  /// The time zone dates are shown in.
  var timeZone: TimeZone
  /// How commands wait for their view models.
  var waiter: Waiter
  /// Builds the services for the chosen backend.
  var makeServices: (GlobalOptions.Backend) throws -> AppServices

  /// The running process: its standard streams (guarded by `interruption`), its
  /// environment, the main run loop and scheduler, and the real backends.
  static func process(interruption: Interruption) -> Runtime {
    let environment = ProcessInfo.processInfo.environment
    let standard = Console.standard(environment: environment)
    let console = Console(
      output: interruption.guarding(standard.output),
      errors: interruption.guarding(standard.errors),
      outputStyle: standard.outputStyle, errorStyle: standard.errorStyle)
    return Runtime(
      console: console, input: StandardInput(), lines: { StandardInputLines.observable() },
      environment: environment, timeZone: .current, waiter: .mainRunLoop,
      makeServices: { backend in
        let scheduler = MainScheduler.instance
        switch backend {
        case .local(let directory, let latency):
          return try AppServices.local(
            directory: directory.url, scheduler: scheduler,
            faults: LocalBackend.Faults(latency: latency))
        case .remote(let url, let directory):
          return AppServices.remote(url: url, directory: directory.url, scheduler: scheduler)
        }
      })
  }
}
