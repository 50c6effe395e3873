import AppServer
import Foundation
import HTTPServer
import LocalBackend
import TestSupport
import Testing

/// The server's log: one logfmt line per event, never a secret.
@Suite struct ServerLogTests {
  static func log(_ lines: Lines) -> ServerLog {
    ServerLog(now: { Date(timeIntervalSince1970: 1_800_000_000.25) }, write: lines.add)
  }

  @Test func aLineIsLogfmtWithItsValuesQuotedWhereTheyMustBe() {
    let lines = Lines()
    Self.log(lines).record(
      .warn, "login.failed",
      [
        "client": "192.0.2.1", "message": "could not connect:\nFATAL: \"x\" \\ y", "skipped": nil,
        "control": "a\u{1B}[31mb",
      ])
    #expect(
      lines.all == [
        #"time=2027-01-15T08:00:00.250Z level=warn event=login.failed client=192.0.2.1 "#
          + #"message="could not connect: FATAL: \"x\" \\ y" control="a\u{1B}[31mb""#
      ])
  }

  @Test func failedThrottledAndBusyLoginsAreLoggedWithTheirClientAndNoPassword() throws {
    try withTemporaryDirectory { directory in
      let lines = Lines()
      let gate = LoginGate(maximumRunning: 1, maximumWaiting: 0)
      let api = ServerAPI(
        storage: try ServerStorage.embedded(directory: directory), log: lines.add, loginGate: gate)
      // A session first, whose token must never be logged; then a token of no session.
      let token = try #require(try ServerLoginTests.logIn(api, from: "192.0.2.7").token)
      #expect(try ServerLoginTests.account(api, token + "x") == 401)
      for _ in 0..<5 {
        #expect(try ServerLoginTests.logIn(api, password: "hunter2-wrong").status == 401)
      }
      #expect(try ServerLoginTests.logIn(api, password: "hunter2-wrong").status == 429)
      #expect(
        try ServerLoginTests.logIn(api, email: "nobody@example.com", password: "x").status == 401)
      let held = LoginGateTests.HeldLogin(gate, from: "192.0.2.9")
      try #require(LoginGateTests.eventually { gate.runningCount == 1 })
      #expect(try ServerLoginTests.logIn(api, email: "grace@example.com").status == 503)
      held.letGo()
      #expect(held.waitForEnd())

      let all = lines.all
      let failed = all.filter { $0.contains("event=login.failed") }
      #expect(failed.count == 6)
      #expect(failed.allSatisfy { $0.contains("client=192.0.2.1") && $0.contains("status=401") })
      #expect(failed.last?.contains("account=unknown") == true)
      #expect(all.filter { $0.contains("event=login.throttled") }.count == 1)
      #expect(all.contains { $0.contains("event=login.throttled") && $0.contains("retry_after=") })
      #expect(all.filter { $0.contains("event=login.busy") }.count == 1)
      #expect(
        all.filter { $0.contains("event=request.refused") && $0.contains("status=401") }.count == 1)
      for line in all {
        #expect(line.hasPrefix("time=") && line.contains(" level=") && line.contains(" event="))
        #expect(
          !line.contains("hunter2") && !line.contains("correct horse") && !line.contains(token))
        #expect(!line.contains("\n"))
      }
    }
  }
}
