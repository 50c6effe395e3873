import CommandLineKit
import ReactiveCore
import ViewModels

/// `friends logout`: the session view model's "Log out".
struct LogoutCommand: Command {
  static let spec = CommandSpec(name: "logout", abstract: "Log out of your account.")

  init(_ parsed: ParsedCommand) throws(UsageError) {}

  func run(_ context: CommandContext) throws -> ExitCode {
    let logoutTaps = PublishRelay<Void>()
    let output = SessionViewModel(auth: context.services.auth).transform(
      .init(logoutTaps: logoutTaps.asObservable()))
    let bag = DisposeBag()
    var loggedOut = false
    var failure: String?
    output.loggedOut.emit(onNext: { loggedOut = true }).disposed(by: bag)
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)

    logoutTaps.accept(())
    guard context.waiter.wait(until: { loggedOut || failure != nil }) == .done else {
      return .interrupted
    }
    if let failure {
      context.printer.error(failure)
      return .failure
    }
    if context.json {
      context.printer.document(SessionRecord(loggedIn: false))
    } else {
      context.printer.result(SessionViewModel.loggedOutMessage)
    }
    return .success
  }
}
