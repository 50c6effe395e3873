import Foundation
import RemoteBackend
import Testing

/// A port where nothing listens fails the call at once: a refused connection is not retried
/// and does not wait for the timeout.
///
/// Alone, each call takes a few milliseconds. On a machine busy with other builds, one call can
/// take seconds of scheduling delay, so the test bounds the fastest of three calls (a retry
/// after a pause, or a wait for the 30-second timeout, would make every call slow) and keeps
/// each of them well below the timeout.
@Suite(.timeLimit(.minutes(3))) struct RefusedConnectionTests {
  @Test func aRefusedConnectionFailsAtOnceWithItsMessage() async throws {
    // Port 1: nothing listens there, and no test's server can take it (a port freed by a
    // server of this test could be taken at once by the server of a test running beside it).
    let port = 1
    let client = HTTPClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(30))
    var durations: [Duration] = []
    for _ in 0..<3 {
      let start = ContinuousClock.now
      let error = await serviceError { try await client.accountStatus() }
      durations.append(ContinuousClock.now - start)
      #expect(error == .unreachable("nothing accepted the connection at 127.0.0.1:\(port)"))
    }
    #expect(durations.min()! < .seconds(2), "took \(durations)")
    #expect(durations.max()! < .seconds(20), "took \(durations)")
  }
}
