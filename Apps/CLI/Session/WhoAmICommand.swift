import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// `friends whoami`: the account status the session view model reports.
struct WhoAmICommand: Command {
  static let spec = CommandSpec(
    name: "whoami", abstract: "Show who is logged in.",
    discussion: "Exits with status 1 when no one is logged in.")

  init(_ parsed: ParsedCommand) throws(UsageError) {}

  func run(_ context: CommandContext) throws -> ExitCode {
    let status: AccountStatus
    switch context.accountStatus() {
    case .failure(.interrupted): return .interrupted
    case .failure(.unknown(let message)):
      context.printer.error(message)
      return .failure
    case .success(let known): status = known
    }
    guard let account = status.account else {
      if context.json { context.printer.document(SessionRecord(loggedIn: false)) }
      context.printer.error(context.notLoggedIn)
      return .failure
    }
    if context.json {
      context.printer.document(
        SessionRecord(loggedIn: true, displayName: account.displayName, email: account.email))
    } else {
      context.printer.result(
        "\(account.displayName) <\(account.email)>".escapingControlCharacters())
    }
    return .success
  }
}
