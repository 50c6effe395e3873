import CommandLineKit
import Foundation
import ReactiveCore

/// Where a command's outputs go: results on standard output (as text or JSON), messages and
/// errors on standard error, and a spinner on standard error while something loads.
///
/// The spinner draws only when standard error is a terminal, and is erased before anything
/// else is printed, so results never share a line with it.
///
/// Text from data (a record's name, a message a server sent) never writes a raw
/// control character to the terminal: messages and errors are printed with their control
/// characters escaped, line by line, and the formats of results escape the data they show
/// (``TextFormat``), around the styling they add.
@MainActor
final class Printer {
  /// The streams and their colour decisions.
  let console: Console
  /// Whether results are printed as JSON.
  let json: Bool
  /// The time zone dates are shown in.
  let timeZone: TimeZone
  private let scheduler: SchedulerType
  private var spinner: Spinner?

  /// How often the spinner turns.
  static let spinnerInterval: RxTimeInterval = .milliseconds(80)

  /// A printer on `console`; `scheduler` turns the spinner.
  init(console: Console, json: Bool, timeZone: TimeZone, scheduler: SchedulerType) {
    self.console = console
    self.json = json
    self.timeZone = timeZone
    self.scheduler = scheduler
  }

  /// Styling for results.
  var style: OutputStyle { console.outputStyle }

  /// The width tables are cut to: the terminal's when results go to one, else `nil`, so
  /// piped results are never cut.
  var width: Int? { console.output.columns }

  /// Prints a line of results on standard output.
  func result(_ line: String) {
    stopSpinner()
    console.output.writeLine(line)
  }

  /// Prints lines of results on standard output, in one write.
  func result(lines: [String]) {
    guard !lines.isEmpty else { return }
    stopSpinner()
    console.output.write(lines.joined(separator: "\n") + "\n")
  }

  /// Prints `value` as one JSON document on standard output.
  func document(_ value: some Encodable) {
    encode { try JSONOutput().document(value) }
  }

  /// Prints `value` as one line of JSON on standard output (for streams).
  func line(_ value: some Encodable) {
    encode { try JSONOutput().line(value) }
  }

  /// Prints each of `values` as one line of JSON on standard output, in one write.
  func lines<Value: Encodable>(_ values: [Value]) {
    guard !values.isEmpty else { return }
    encode { String(try JSONOutput().lines(values).dropLast()) }
  }

  /// Prints a message for the person at the terminal on standard error, its control
  /// characters escaped (its line breaks kept).
  func note(_ text: String) {
    stopSpinner()
    console.errors.writeLine(Self.escapingLines(text))
  }

  /// Prints `error: text` on standard error, the text's control characters escaped (its
  /// line breaks kept).
  func error(_ text: String) {
    stopSpinner()
    let label = console.errorStyle.bold(console.errorStyle.red("error:"))
    console.errors.writeLine("\(label) \(Self.escapingLines(text))")
  }

  /// `text` with the control characters of each line escaped, the line breaks kept.
  static func escapingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.escapingControlCharacters() }.joined(separator: "\n")
  }

  /// Shows a spinner with `message` while `isActive` is `true`. The first frame appears one
  /// interval after the activity starts, so quick work does not flicker.
  func spinner(while isActive: Driver<Bool>, message: String) -> Disposable {
    guard console.errors.isTerminal else { return Disposables.create() }
    let spinner = Spinner(message: message, output: console.errors)
    let ticking = SerialDisposable()
    let scheduler = self.scheduler
    let activity = isActive.drive(onNext: { [weak self] active in
      guard active else {
        ticking.disposable = Disposables.create()
        spinner.stop()
        return
      }
      self?.spinner = spinner
      ticking.disposable = Observable<Int>.interval(Self.spinnerInterval, scheduler: scheduler)
        .subscribe(onNext: { _ in spinner.tick() })
    })
    return Disposables.create(activity, ticking, Disposables.create(with: { spinner.stop() }))
  }

  private func stopSpinner() {
    spinner?.stop()
  }

  private func encode(_ body: () throws -> String) {
    do {
      result(try body())
    } catch {
      self.error("could not write JSON: \(error)")
    }
  }
}
