import AppComposition
import CommandLineKit
import ReactiveCore

/// Everything a command needs to run one screen's view model: the services, where to print,
/// how to ask, the lines of standard input, and how to wait.
@MainActor
struct CommandContext {
  /// The services the view models use; their scheduler is the view models' scheduler.
  let services: AppServices
  /// Results, messages, JSON and the spinner.
  let printer: Printer
  /// Asks for missing values when standard input is a terminal.
  let prompt: Prompt
  /// The lines of standard input, as they are typed; completes at the end of input.
  let lines: () -> Observable<String>
  /// Waits for the outputs to say a command is done.
  let waiter: Waiter

  /// The scheduler of debounces, timers and retries: the main scheduler in the program, a
  /// virtual-time scheduler in tests.
  var scheduler: SchedulerType { services.scheduler }

  /// Whether results are printed as JSON.
  var json: Bool { printer.json }
}
