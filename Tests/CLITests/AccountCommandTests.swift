import AppComposition
import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

@testable import FriendsCLI

/// `login`, `logout`, `whoami` and `reset-password`, bound to their view models on virtual
/// time.
@Suite @MainActor struct AccountCommandTests {
  static let login = ["login", "--email", "ada@example.com", "--password", "correct horse"]

  @Test func loginTapsOnceAndPrintsTheNameWhenTheAnswerArrives() {
    let harness = Harness(loggedIn: false)
    harness.auth.logInResponse = { _, _ in [.next(300, Harness.ada), .completed(300)] }
    #expect(harness.run(Self.login) == .success)
    #expect(harness.stdout == "Logged in as Ada.\n")
    #expect(harness.stderr == "")
    #expect(harness.auth.passwordsTried == ["correct horse"])
    #expect(harness.auth.logInRequests.first?.subscriptions == [Subscription(0, 300)])
    #expect(harness.clock.clock == 300)
  }

  @Test func anHTTPSServerIsRefusedWithStatus1WhereTheBuildCannotReachIt() throws {
    let url = URL(string: "https://example.com")!
    let harness = Harness()
    let code = harness.run(["--server", url.absoluteString, "whoami"])
    if let refusal = AppServices.serverRefusal(url) {
      #expect(code == .failure)
      #expect(harness.stderr == "error: \(refusal)\n")
      #expect(refusal.contains("--traits HTTPS"))
      #expect(harness.backends.isEmpty)
    } else {
      #expect(code == .success)
      #expect(harness.backends.count == 1)
    }
  }

  @Test func loginPrintsJSON() {
    let harness = Harness(loggedIn: false)
    harness.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
    #expect(harness.run(["--json"] + Self.login) == .success)
    #expect(harness.stdout == "{\n  \"displayName\" : \"Ada\",\n  \"loggedIn\" : true\n}\n")
  }

  @Test func invalidFieldsShowTheViewModelsHintAndSendNothing() {
    let harness = Harness(loggedIn: false)
    #expect(harness.run(["login", "-e", "ada", "-p", "correct horse"]) == .failure)
    #expect(
      harness.stderr
        == "error: An email address needs text on both sides of \"@\", like ada@example.com.\n")
    #expect(harness.auth.passwordsTried.isEmpty)

    let short = Harness(loggedIn: false)
    #expect(short.run(["login", "-e", "ada@example.com", "-p", "short"]) == .failure)
    #expect(short.stderr == "error: The password needs at least 8 characters.\n")
  }

  @Test func aRefusedLoginShowsTheViewModelsMessage() {
    let harness = Harness(loggedIn: false)
    harness.auth.logInResponse = { _, _ in [.error(200, ServiceError.wrongCredentials)] }
    #expect(harness.run(Self.login) == .failure)
    #expect(harness.stdout == "")
    #expect(harness.stderr == "error: Login failed: wrong email or password\n")
  }

  @Test func loginAsksOnATerminalWithoutEchoingThePassword() {
    let harness = Harness(
      loggedIn: false, terminal: true, answers: ["ada@example.com", "correct horse"])
    harness.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
    #expect(harness.run("login") == .success)
    // The prompts go to standard error; the secret prompt ends the line the Enter did not echo.
    #expect(harness.stderr == "Email: Password: \n")
    #expect(harness.auth.passwordsTried == ["correct horse"])
  }

  @Test func onATerminalABadEmailIsAskedAgainBeforeThePassword() {
    let harness = Harness(
      loggedIn: false, terminal: true,
      answers: ["ada", "ada@example.com", "short", "correct horse"])
    harness.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
    #expect(harness.run("login") == .success)
    // The email's hint comes before any password is asked; a short password is asked again.
    #expect(
      harness.stderr == """
        Email: error: An email address needs text on both sides of "@", like ada@example.com.
        Email: Password: 
        error: The password needs at least 8 characters.
        Password: 

        """)
    #expect(harness.auth.passwordsTried == ["correct horse"])
    #expect(harness.stdout == "Logged in as Ada.\n")
  }

  @Test func onATerminalTheEmailIsAskedThreeTimesAtMost() {
    let harness = Harness(
      loggedIn: false, terminal: true, answers: ["ada", "ada@", "@example.com", "ada@example.com"])
    #expect(harness.run("login") == .failure)
    #expect(harness.input.reads == 3)
    #expect(harness.stderr.components(separatedBy: "Email: ").count == 4)
    #expect(!harness.stderr.contains("Password"))
    #expect(harness.auth.passwordsTried.isEmpty)
  }

  @Test func anOptionErrorShowsTheUsageLineWithTheGlobalOptions() {
    let harness = Harness(loggedIn: false)
    #expect(harness.run(["whoami", "--verbose"]) == .usage)
    #expect(harness.stderr.contains("\nUsage: friends [<options>] whoami\n"), "\(harness.stderr)")
  }

  @Test func withoutATerminalAMissingValueIsAUsageError() {
    let harness = Harness(loggedIn: false)
    #expect(harness.run(["login", "--email", "ada@example.com"]) == .usage)
    #expect(
      harness.stderr == """
        error: cannot ask for Password: standard input is not a terminal; pass --password
        Usage: friends [<options>] login [--email <email>] [--password <password>]
        See 'friends login --help' for more information.

        """)
    #expect(harness.input.reads == 0)
  }

  @Test func inputEndingAtAPromptIsAUsageError() {
    let harness = Harness(loggedIn: false, terminal: true)
    #expect(harness.run("login") == .usage)
    #expect(
      harness.stderr.hasPrefix("Email: error: missing email: the input ended; pass --email\n"))
  }

  @Test func whoamiSaysWhoOrExits1() {
    let harness = Harness()
    #expect(harness.run("whoami") == .success)
    #expect(harness.stdout == "Ada <ada@example.com>\n")

    let nobody = Harness(loggedIn: false)
    #expect(nobody.run("--json whoami") == .failure)
    #expect(nobody.stdout == "{\n  \"loggedIn\" : false\n}\n")
    #expect(nobody.stderr == "error: Not logged in. Run 'friends login' first.\n")
  }

  @Test func anAccountStatusThatNeverComesEndsAfterFifteenSeconds() {
    let harness = Harness()
    let silent = SilentAuthentication()
    let code = harness.run("whoami", replacingAuth: silent)
    #expect(code == .failure)
    #expect(
      harness.stderr == "error: Could not read the account status: the test did not answer.\n")
    #expect(harness.clock.clock == 15_000)
  }

  @Test func logoutTapsLogOut() {
    let harness = Harness()
    harness.auth.logOutResponse = { [.completed(50)] }
    #expect(harness.run("logout") == .success)
    #expect(harness.stdout == "Logged out.\n")
    #expect(harness.clock.clock == 50)
  }

  @Test func resetPasswordSendsAtOnceAndConfirms() {
    let harness = Harness(loggedIn: false)
    harness.auth.resetResponse = { _ in [.completed(100)] }
    #expect(harness.run("reset-password ada@example.com") == .success)
    #expect(harness.stdout == "We sent a reset link to ada@example.com.\n")
    #expect(harness.auth.resetEmails == ["ada@example.com"])
    // One tap and the screen is left: no 500 ms wait for more taps.
    #expect(
      harness.auth.resetRequests == [.init(email: "ada@example.com", started: 0, ended: 100)])
  }

  @Test func resetPasswordWithAnInvalidEmailSendsNothing() {
    let harness = Harness(loggedIn: false)
    #expect(harness.run("reset-password ada") == .failure)
    #expect(
      harness.stderr
        == "error: An email address needs text on both sides of \"@\", like ada@example.com.\n")
    #expect(harness.auth.resetEmails.isEmpty)
  }
}

/// An authentication service whose status never arrives (a server that does not answer).
final class SilentAuthentication: AuthenticationService {
  func logIn(email: String, password: String) -> Single<Account> { .never() }
  func logOut() -> Completable { .never() }
  func requestPasswordReset(email: String) async throws -> String {
    while true { try await Task.sleep(for: .seconds(3_600)) }
  }
  var accountStatus: Observable<AccountStatus> { .never() }
}
