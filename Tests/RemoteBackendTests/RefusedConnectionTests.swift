import Foundation
import HTTPServer
import RemoteBackend
import Testing

/// A port where nothing listens fails the call at once: a refused connection is not retried
/// and does not wait for the timeout. (Alone it takes a few milliseconds; the bound leaves
/// room for a busy machine running the whole suite, and is still far below a retry or the
/// timeout.)
@Suite(.timeLimit(.minutes(1))) struct RefusedConnectionTests {
  @Test func aRefusedConnectionFailsAtOnceWithItsMessage() async throws {
    // Take a free port from the system, then close it: nothing listens there any more.
    let server = try HTTPServer(router: HTTPRouter())
    let port = server.port
    server.stop()
    let client = HTTPClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(30))
    for _ in 0..<3 {
      let start = ContinuousClock.now
      let error = await serviceError { try await client.accountStatus() }
      let elapsed = ContinuousClock.now - start
      #expect(error == .unreachable("nothing accepted the connection at 127.0.0.1:\(port)"))
      #expect(elapsed < .seconds(5), "took \(elapsed)")
    }
  }
}
