import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// `friends login`: the login screen, with the email and password from options or prompts.
struct LoginCommand: Command {
  static let spec = CommandSpec(
    name: "login", abstract: "Log in to your account.",
    discussion: """
      Asks for the email and the password when they are not given and standard input is a
      terminal (the password is not shown as you type), and asks again, up to three times,
      for a value that is not valid. The demo account is ada@example.com
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
    // On a terminal each prompt asks again, as the screen keeps its fields, with the view
    // model's hint: the email until it is valid (before any password is asked), then the
    // password, each up to three times.
    var typedEmail = self.email
    if typedEmail == nil {
      let asked = try context.ask(
        "Email", hint: "pass --email", problem: LoginViewModel.emailMessage)
      if let problem = asked.problem {
        context.printer.error(problem)
        return .failure
      }
      typedEmail = asked.text
    }
    var typedPassword = self.password
    if typedPassword == nil {
      // An email given as an option is checked below, with the button.
      let asked = try context.ask("Password", hint: "pass --password", secret: true) {
        self.email != nil
          ? nil : LoginViewModel.validate(email: typedEmail ?? "", password: $0).message
      }
      if let problem = asked.problem {
        context.printer.error(problem)
        return .failure
      }
      typedPassword = asked.text
    }
    let email = typedEmail ?? ""
    let password = typedPassword ?? ""

    let emailField = BehaviorRelay(value: email)
    let passwordField = BehaviorRelay(value: password)
    let loginTaps = PublishRelay<Void>()
    let output = LoginViewModel(auth: context.services.auth).transform(
      .init(
        email: emailField.asObservable(), password: passwordField.asObservable(),
        loginTaps: loginTaps.asObservable()))

    let bag = DisposeBag()
    var user: String?
    var failure: String?
    output.loggedInUser.emit(onNext: { user = $0 }).disposed(by: bag)
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    // Fields that are not valid: the view model refuses the tap and says why.
    output.refusal.emit(onNext: { failure = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Logging in…").disposed(by: bag)

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
      context.printer.result("Logged in as \(name.escapingControlCharacters()).")
    }
    return .success
  }
}
