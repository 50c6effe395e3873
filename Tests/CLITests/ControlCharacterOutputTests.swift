import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

@testable import FriendsCLI

/// Data that holds characters that control a terminal (from PostgreSQL through a server, or
/// from a `--server` itself) never reaches standard output or standard error raw, whatever
/// command prints it, as text or as JSON.
@Suite @MainActor struct ControlCharacterOutputTests {
  /// Each kind of control: ESC with a colour, an OSC title ended by BEL, a lone BEL, an 8-bit
  /// CSI (C1), DEL, and a right-to-left override.
  nonisolated static let kinds = [
    "\u{1B}[31m", "\u{1B}]0;owned\u{07}", "\u{07}", "\u{9B}2J", "\u{7F}", "\u{202E}",
  ]
  nonisolated static let hostile = kinds.joined()

  nonisolated static let friend = Friend(
    id: 3, firstName: "Ada" + hostile, lastName: hostile + "Lovelace",
    phoneNumber: "+44" + hostile)
  nonisolated static let person = Person(id: 1, name: "Rosa" + hostile)
  nonisolated static let post = Post(
    id: 1, author: person, text: "hello" + hostile + "\nworld",
    date: Date(timeIntervalSince1970: 1_709_280_000))
  nonisolated static let account = Account(
    email: "ada" + hostile + "@example.com", displayName: "Ada" + hostile)

  /// A harness whose fakes answer with the hostile data.
  static func harness(loggedIn: Bool = true) -> Harness {
    let harness = Harness(loggedIn: false)
    if loggedIn { harness.auth.status.accept(.authorized(account)) }
    harness.friends.recordsResponse = { _ in [.next(1, [friend]), .completed(1)] }
    harness.friends.recordResponse = { _ in [.next(1, friend), .completed(1)] }
    harness.friends.addResponse = { _ in [.next(1, friend), .completed(1)] }
    harness.friends.updateResponse = { _ in [.next(1, friend), .completed(1)] }
    harness.friends.removeResponse = { _ in [.completed(1)] }
    harness.search.response = { _ in [.next(1, [friend]), .completed(1)] }
    harness.timeline.timelineResponse = { _ in [.next(1, [post]), .completed(1)] }
    harness.timeline.peopleResponse = { [.next(1, [person]), .completed(1)] }
    harness.auth.logInResponse = { _, _ in [.next(1, account), .completed(1)] }
    return harness
  }

  /// Every command that prints data, with what it needs.
  nonisolated static let commands: [[String]] = [
    ["list"], ["show", "3"], ["search", "ada"],
    ["add", "--first", "A", "--last", "B", "--phone", "+1 555 010 2841"],
    ["edit", "3", "--first", "A"], ["remove", "3"], ["timeline"], ["people"], ["whoami"],
    ["login", "--email", "ada@example.com", "--password", "correct horse"],
  ]

  nonisolated static func raw(_ text: String) -> [String] {
    text.unicodeScalars.filter { $0.isTerminalControl && $0 != "\n" }.map {
      String($0.value, radix: 16)
    }
  }

  @Test(arguments: commands)
  func aCommandPrintsDataWithItsControlCharactersEscaped(words: [String]) {
    for json in [false, true] {
      let harness = Self.harness(loggedIn: words[0] != "login")
      // What `edit` loads is a form's fields, which must be valid to be saved again; the
      // friend it saves comes back with the controls.
      if words[0] == "edit" {
        harness.friends.recordResponse = { _ in [.next(1, Sample.ada), .completed(1)] }
      }
      let code = harness.run((json ? ["--json"] : []) + words)
      expectEqual(code, .success, "\(words) \(harness.stderr)")
      expectEqual(Self.raw(harness.stdout), [], "\(words) json: \(json)")
      expectEqual(Self.raw(harness.stderr), [], "\(words) json: \(json)")
      // What was escaped is still there to read.
      let shown = harness.stdout.lowercased()
      #expect(shown.contains("\\u{1b}") || shown.contains("\\u001b"), "\(words) json: \(json)")
    }
  }

  @Test func aSearchReadFromStandardInputPrintsItsHeadingEscaped() {
    let harness = Self.harness()
    harness.lines = harness.clock.createColdObservable([
      .next(1, "ada" + Self.hostile), .completed(2_000),
    ]).asObservable()
    expectEqual(harness.run("search"), .success)
    expectEqual(Self.raw(harness.stdout), [])
    expectEqual(Self.raw(harness.stderr), [])
  }

  @Test func anErrorMessageFromTheServiceIsPrintedEscaped() {
    let harness = Self.harness()
    harness.friends.recordResponse = { _ in
      [.error(1, ServiceError.storage("disk" + Self.hostile + "\nfull"))]
    }
    expectEqual(harness.run("show 3"), .failure)
    expectEqual(Self.raw(harness.stderr), [])
    #expect(harness.stderr.contains("\\u{1B}"))
  }
}
