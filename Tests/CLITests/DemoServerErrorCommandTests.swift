import AppComposition
import CommandLineKit
import Foundation
import ReactiveTesting
import RemoteBackend
import Services
import Testing

@testable import FriendsCLI

/// What a command says when the server answers with an error before the command's own call.
@Suite @MainActor struct ServerErrorCommandTests {
  @Test func aServerErrorNamesTheCommandsActionAndKeepsTheServersSentence() {
    let harness = Harness()
    harness.auth.currentStatusResponse = {
      [.error(5, ServiceError.http(status: 503, message: "the data is away; try again shortly"))]
    }
    let code = harness.run("--server http://127.0.0.1:9 add --first A --last B --phone 5550100")
    expectEqual(code, .failure)
    #expect(
      harness.stderr
        == "error: Could not add the friend: the data is away; try again shortly "
        + "(HTTP status 503)\n")
    #expect(harness.friends.calls.isEmpty)
  }
}
