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
    expectEqual(harness.run(Self.login), .success)
    expectEqual(harness.stdout, "Logged in as Ada.\n")
    expectEqual(harness.stderr, "")
    expectEqual(harness.auth.passwordsTried, ["correct horse"])
    expectEqual(harness.auth.logInRequests.first?.subscriptions, [Subscription(0, 300)])
    expectEqual(harness.clock.clock, 300)
  }

  @Test func anHTTPSServerIsRefusedWithStatus1WhereTheBuildCannotReachIt() throws {
    let url = URL(string: "https://example.com")!
    let harness = Harness()
    let code = harness.run(["--server", url.absoluteString, "whoami"])
    if let refusal = AppServices.serverRefusal(url) {
      expectEqual(code, .failure)
      expectEqual(harness.stderr, "error: \(refusal)\n")
      #expect(refusal.contains("--traits HTTPS"))
      #expect(harness.backends.isEmpty)
    } else {
      expectEqual(code, .success)
      expectEqual(harness.backends.count, 1)
    }
  }

  @Test func loginPrintsJSON() {
    let harness = Harness(loggedIn: false)
    harness.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
    expectEqual(harness.run(["--json"] + Self.login), .success)
    expectEqual(harness.stdout, "{\n  \"displayName\" : \"Ada\",\n  \"loggedIn\" : true\n}\n")
  }

  @Test func invalidFieldsShowTheViewModelsHintAndSendNothing() {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run(["login", "-e", "ada", "-p", "correct horse"]), .failure)
    expectEqual(
      harness.stderr,
      "error: An email address needs text on both sides of \"@\", like ada@example.com.\n")
    #expect(harness.auth.passwordsTried.isEmpty)

    let short = Harness(loggedIn: false)
    expectEqual(short.run(["login", "-e", "ada@example.com", "-p", "short"]), .failure)
    expectEqual(short.stderr, "error: The password needs at least 8 characters.\n")
  }

  @Test func aRefusedLoginShowsTheViewModelsMessage() {
    let harness = Harness(loggedIn: false)
    harness.auth.logInResponse = { _, _ in [.error(200, ServiceError.wrongCredentials)] }
    expectEqual(harness.run(Self.login), .failure)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "error: Login failed: wrong email or password\n")
  }

  @Test func loginAsksOnATerminalWithoutEchoingThePassword() {
    let harness = Harness(
      loggedIn: false, terminal: true, answers: ["ada@example.com", "correct horse"])
    harness.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
    expectEqual(harness.run("login"), .success)
    // The prompts go to standard error; the secret prompt ends the line the Enter did not echo.
    expectEqual(harness.stderr, "Email: Password: \n")
    expectEqual(harness.auth.passwordsTried, ["correct horse"])
  }

  @Test func onATerminalABadEmailIsAskedAgainBeforeThePassword() {
    let harness = Harness(
      loggedIn: false, terminal: true,
      answers: ["ada", "ada@example.com", "short", "correct horse"])
    harness.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
    expectEqual(harness.run("login"), .success)
    // The email's hint comes before any password is asked; a short password is asked again.
    expectEqual(
      harness.stderr,
      """
      Email: error: An email address needs text on both sides of "@", like ada@example.com.
      Email: Password: 
      error: The password needs at least 8 characters.
      Password: 

      """)
    expectEqual(harness.auth.passwordsTried, ["correct horse"])
    expectEqual(harness.stdout, "Logged in as Ada.\n")
  }

  @Test func onATerminalTheEmailIsAskedThreeTimesAtMost() {
    let harness = Harness(
      loggedIn: false, terminal: true, answers: ["ada", "ada@", "@example.com", "ada@example.com"])
    expectEqual(harness.run("login"), .failure)
    expectEqual(harness.input.reads, 3)
    expectEqual(harness.stderr.components(separatedBy: "Email: ").count, 4)
    #expect(!harness.stderr.contains("Password"))
    #expect(harness.auth.passwordsTried.isEmpty)
  }

  @Test func anOptionErrorShowsTheUsageLineWithTheGlobalOptions() {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run(["whoami", "--verbose"]), .usage)
    #expect(harness.stderr.contains("\nUsage: friends [<options>] whoami\n"), "\(harness.stderr)")
  }

  @Test func withoutATerminalAMissingValueIsAUsageError() {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run(["login", "--email", "ada@example.com"]), .usage)
    expectEqual(
      harness.stderr,
      """
      error: cannot ask for Password: standard input is not a terminal; pass --password
      Usage: friends [<options>] login [--email <email>] [--password <password>]
      See 'friends login --help' for more information.

      """)
    expectEqual(harness.input.reads, 0)
  }

  @Test func inputEndingAtAPromptIsAUsageError() {
    let harness = Harness(loggedIn: false, terminal: true)
    expectEqual(harness.run("login"), .usage)
    #expect(
      harness.stderr.hasPrefix("Email: error: missing email: the input ended; pass --email\n"))
  }

  @Test func whoamiSaysWhoOrExits1() {
    let harness = Harness()
    expectEqual(harness.run("whoami"), .success)
    expectEqual(harness.stdout, "Ada <ada@example.com>\n")

    let nobody = Harness(loggedIn: false)
    expectEqual(nobody.run("--json whoami"), .failure)
    expectEqual(nobody.stdout, "{\n  \"loggedIn\" : false\n}\n")
    expectEqual(nobody.stderr, "error: Not logged in. Run 'friends login' first.\n")
  }

  @Test func anAccountStatusThatNeverComesEndsAfterFifteenSeconds() {
    let harness = Harness()
    let silent = SilentAuthentication()
    let code = harness.run("whoami", replacingAuth: silent)
    expectEqual(code, .failure)
    expectEqual(
      harness.stderr, "error: Could not read the account status: the test did not answer.\n")
    expectEqual(harness.clock.clock, 15_000)
  }

  @Test func logoutTapsLogOut() {
    let harness = Harness()
    harness.auth.logOutResponse = { [.completed(50)] }
    expectEqual(harness.run("logout"), .success)
    expectEqual(harness.stdout, "Logged out.\n")
    expectEqual(harness.clock.clock, 50)
  }

  @Test func resetPasswordSendsAtOnceAndConfirms() {
    let harness = Harness(loggedIn: false)
    harness.auth.resetResponse = { _ in [.completed(100)] }
    expectEqual(harness.run("reset-password ada@example.com"), .success)
    expectEqual(harness.stdout, "We sent a reset link to ada@example.com.\n")
    expectEqual(harness.auth.resetEmails, ["ada@example.com"])
    // One tap and the screen is left: no 500 ms wait for more taps.
    expectEqual(
      harness.auth.resetRequests, [.init(email: "ada@example.com", started: 0, ended: 100)])
  }

  @Test func resetPasswordWithAnInvalidEmailSendsNothing() {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run("reset-password ada"), .failure)
    expectEqual(
      harness.stderr,
      "error: An email address needs text on both sides of \"@\", like ada@example.com.\n")
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
