import Foundation
import ReactiveTesting
import RemoteBackend
import Testing

/// A port where nothing listens fails the call at once: a refused connection is not retried
/// and does not wait for the timeout.
///
/// Alone, each call takes a few milliseconds. On a machine busy with other builds, one call can
/// take tens of seconds of scheduling delay (the first also starts the URL session), so the
/// test bounds the fastest of three calls (a retry after a pause, or a wait for the timeout,
/// would make every call slow) and keeps each of them far below a timeout of ten minutes.
@Suite(.timeLimit(.minutes(10))) struct RefusedConnectionTests {
  @Test func aRefusedConnectionFailsAtOnceWithItsMessage() async throws {
    // Port 1: nothing listens there, and no test's server can take it (a port freed by a
    // server of this test could be taken at once by the server of a test running beside it).
    let port = 1
    let client = HTTPClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(600))
    var durations: [Duration] = []
    for _ in 0..<3 {
      let start = ContinuousClock.now
      let error = await serviceError { try await client.accountStatus() }
      durations.append(ContinuousClock.now - start)
      expectEqual(error, .unreachable("nothing accepted the connection at 127.0.0.1:\(port)"))
    }
    #expect(durations.min()! < .seconds(2), "took \(durations)")
    #expect(durations.max()! < .seconds(300), "took \(durations)")
  }
}
