import CommandLineKit
import ReactiveCore
import ViewModels

/// A form saved in one go, as a command saves it: once the form has its initial values (an
/// edit's record loaded), it is given the whole draft made from them, and answers how the
/// save ended. The same for every form that takes whole drafts (``FormOutcome``).
@MainActor
struct OneShotForm<Draft, Record: Hashable & Sendable, Field: Hashable & Sendable> {
  /// The form's initial values.
  var initialValues: Driver<Draft>
  /// A failed load or save.
  var errorMessage: Signal<String>
  /// Whether loading or saving runs: the spinner.
  var isLoading: Driver<Bool>
  /// How each draft's save ended.
  var outcome: Signal<FormOutcome<Record, Field>>
  /// Where the drafts go.
  var drafts: PublishRelay<Draft>
  /// The fields in the order their messages are printed.
  var fields: [Field]

  /// Waits for the initial values, saves `fill(initialValues)` and waits for the outcome.
  /// Returns the saved record, or the status to exit with after printing why not.
  func save(_ context: CommandContext, _ fill: (Draft) throws -> Draft) rethrows
    -> Result<Record, Failed>
  {
    let bag = DisposeBag()
    var initial: Draft?
    var failure: String?
    var ended: FormOutcome<Record, Field>?
    initialValues.drive(onNext: { initial = $0 }).disposed(by: bag)
    errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    outcome.emit(onNext: { ended = $0 }).disposed(by: bag)
    context.printer.spinner(while: isLoading, message: "Saving…").disposed(by: bag)
    guard context.waiter.wait(until: { initial != nil || failure != nil }) == .done else {
      return .failure(Failed(code: .interrupted))
    }
    guard let initial else { return fail(context, failure ?? "") }
    drafts.accept(try fill(initial))
    guard context.waiter.wait(until: { ended != nil }) == .done else {
      return .failure(Failed(code: .interrupted))
    }
    switch ended {
    case .saved(let record)?: return .success(record)
    case .refused(let problems)?:
      for field in fields {
        if let message = problems[field] { context.printer.error(message) }
      }
      return .failure(Failed(code: .failure))
    case .conflict(let message)?, .failed(let message)?: return fail(context, message)
    case nil: return .failure(Failed(code: .failure))
    }
  }

  private func fail(_ context: CommandContext, _ message: String) -> Result<Record, Failed> {
    context.printer.error(message)
    return .failure(Failed(code: .failure))
  }
}

/// A command that ended without its result, with the status to exit with; what went wrong
/// was printed already.
struct Failed: Error {
  /// The status to exit with.
  var code: ExitCode
}
