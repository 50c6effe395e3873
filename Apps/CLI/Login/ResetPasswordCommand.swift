import CommandLineKit
import ReactiveCore
import ViewModels

/// `friends reset-password EMAIL`: the "Forgot password?" screen, with one tap on "Send reset
/// link".
struct ResetPasswordCommand: Command {
  static let spec = CommandSpec(
    name: "reset-password", abstract: "Ask for a link to reset your password.",
    arguments: [.required("email", help: "The account's email address.")])

  /// The address to send the link to.
  var email: String

  init(_ parsed: ParsedCommand) throws(UsageError) {
    email = try parsed.string("email")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    // One tap, then the screen is left: the taps end, so the debounce lets the tap through
    // at once instead of waiting for more taps.
    let output = ForgotPasswordViewModel(auth: context.services.auth, scheduler: context.scheduler)
      .transform(.init(email: BehaviorRelay(value: email).asObservable(), resetTaps: .just(())))
    let bag = DisposeBag()
    var confirmation: String?
    var failure: String?
    var finished = false
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isSending, message: "Sending…").disposed(by: bag)
    output.confirmation.emit(onNext: { confirmation = $0 }, onCompleted: { finished = true })
      .disposed(by: bag)

    guard context.waiter.wait(until: { finished || failure != nil }) == .done else {
      return .interrupted
    }
    guard let confirmation else {
      context.printer.error(failure ?? "The reset link was not sent.")
      return .failure
    }
    if context.json {
      context.printer.document(ResetRecord(email: email, message: confirmation))
    } else {
      context.printer.result(Printer.escapingLines(confirmation))
    }
    return .success
  }
}
