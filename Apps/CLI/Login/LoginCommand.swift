import CommandLineKit
import ReactiveCore
import ViewModels

/// `friends login`: the login screen, with the email and password from options or prompts.
struct LoginCommand: Command {
  static let spec = CommandSpec(
    name: "login", abstract: "Log in to your account.",
    discussion: """
      Asks for the email and the password when they are not given and standard input is a
      terminal (the password is not shown as you type). The demo account is ada@example.com
      with the password "correct horse".
      """,
    options: [
      OptionSpec("email", short: "e", help: "The account's email address."),
      OptionSpec(
        "password", short: "p",
        help: "The password (prefer the prompt: options can be seen by other users)."),
    ])

  /// The email given as an option.
  var email: String?
  /// The password given as an option.
  var password: String?

  init(_ parsed: ParsedCommand) throws(UsageError) {
    email = parsed.value("email")
    password = parsed.value("password")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    let email = try self.email ?? context.prompt.required("Email", hint: "pass --email")
    let password =
      try self.password ?? context.prompt.requiredSecret("Password", hint: "pass --password")

    let emailField = BehaviorRelay(value: email)
    let passwordField = BehaviorRelay(value: password)
    let loginTaps = PublishRelay<Void>()
    let output = LoginViewModel(auth: context.services.auth).transform(
      .init(
        email: emailField.asObservable(), password: passwordField.asObservable(),
        loginTaps: loginTaps.asObservable()))

    let bag = DisposeBag()
    var isEnabled: Bool?
    var hint: String??
    var user: String?
    var failure: String?
    output.loggedInUser.emit(onNext: { user = $0 }).disposed(by: bag)
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Logging in…").disposed(by: bag)
    output.isLoginEnabled.drive(onNext: { isEnabled = $0 }).disposed(by: bag)
    output.hint.drive(onNext: { hint = $0 }).disposed(by: bag)

    // The button: tap it only if the screen enables it, as a person would.
    guard context.waiter.wait(until: { isEnabled != nil && hint != nil }) == .done else {
      return .interrupted
    }
    guard isEnabled == true else {
      context.printer.error((hint ?? nil) ?? "The email or the password is not valid.")
      return .failure
    }
    loginTaps.accept(())
    guard context.waiter.wait(until: { user != nil || failure != nil }) == .done else {
      return .interrupted
    }
    if let failure {
      context.printer.error(failure)
      return .failure
    }
    let name = user ?? ""
    if context.json {
      context.printer.document(SessionRecord(loggedIn: true, displayName: name))
    } else {
      context.printer.result("Logged in as \(name).")
    }
    return .success
  }
}
