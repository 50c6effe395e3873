import Authentication
import Foundation
import LocalBackend
import Models
import ReactiveTesting
import RemoteBackend
import Services
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A clock a test moves by hand, for the login throttle.
final class HandClock: Sendable {
  private let time = Mutex(Date(timeIntervalSince1970: 1_000_000))

  /// The time now.
  var now: Date { time.withLock { $0 } }

  /// Moves the clock `seconds` forward.
  func advance(_ seconds: TimeInterval) {
    time.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}

/// Password guessing against the server, on a real loopback socket, with the throttle on a
/// clock moved by hand.
@Suite(.timeLimit(.minutes(3))) struct LoginThrottleOverHTTPTests {
  @Test func theSixthGuessGets429WithRetryAfterAndTheClientSaysHowLongToWait() async throws {
    let clock = HandClock()
    let throttle = LoginThrottle<String>(now: { clock.now })
    try await withAppServer(throttle: throttle) { fixture in
      let client = fixture.client
      for _ in 1...5 {
        let error = await serviceError {
          try await client.logIn(email: "ada@example.com", password: "guess1234")
        }
        expectEqual(error, .wrongCredentials)
      }
      // Even the right password is refused during the wait, and the answer says how long.
      let (status, retryAfter, body) = try await postLogin(
        fixture.server.url, email: "ADA@example.com", password: StoreSeed.demoPassword)
      expectEqual(status, 429)
      expectEqual(retryAfter, "30")
      #expect(body.contains("too many attempts; try again in 30 s"))
      clock.advance(12)
      let waiting = await serviceError {
        try await client.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      }
      expectEqual(waiting, .tooManyAttempts(retryAfter: 18))
      #expect(waiting?.description == "too many attempts; try again in 18 s")
      #expect(try fixture.store.accountStatus() == .unavailable)
      // After the wait, one more wrong guess doubles it.
      clock.advance(18)
      let wrong = await serviceError {
        try await client.logIn(email: "ada@example.com", password: "guess1234")
      }
      expectEqual(wrong, .wrongCredentials)
      let doubled = await serviceError {
        try await client.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      }
      expectEqual(doubled, .tooManyAttempts(retryAfter: 60))
      clock.advance(60)
      let account = try await client.logIn(
        email: "ada@example.com", password: StoreSeed.demoPassword)
      expectEqual(account, StoreSeed.demoAccount)
    }
  }

  /// Posts a login with URLSession, to see the answer's status and `Retry-After` header.
  private func postLogin(
    _ base: URL, email: String, password: String
  ) async throws -> (status: Int, retryAfter: String?, body: String) {
    var request = URLRequest(url: base.appendingPathComponent("login"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: [
      "email": email, "password": password,
    ])
    request.timeoutInterval = 5
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return (
      http.statusCode, http.value(forHTTPHeaderField: "Retry-After"),
      String(decoding: data, as: UTF8.self)
    )
  }
}
