import Foundation
import HTTPServer
import ReactiveCore
import ReactiveTesting
import Services
import Synchronization
import Testing

@testable import RemoteBackend

/// ``RemoteBackend/dataStatus``: whether the server answered the latest call, polled or asked.
@Suite(.timeLimit(.minutes(3))) struct ServerReachabilityTests {
  /// Makes every route answer 503 with a sentence while `isDown` is set.
  final class Outage: Sendable {
    let isDown = Atomic(false)

    func wrap(_ handler: @escaping HTTPServer.Handler) -> HTTPServer.Handler {
      { [self] request in
        isDown.load(ordering: .relaxed)
          ? .error(status: 503, message: "down for a moment") : handler(request)
      }
    }
  }

  @Test func aFailedPollSaysTheDataMayBeOldAndTheNextAnswerSaysItIsBack() async throws {
    let outage = Outage()
    try await withAppServer(timeout: hangBound, wrapping: outage.wrap) { fixture async throws in
      let (backend, clock) = pollingBackend(fixture.client)
      var statuses = elements(backend.dataStatus)
      #expect(try await statuses.next() == .available)
      let polls = backend.accountStatus.subscribe()
      defer { polls.dispose() }
      outage.isDown.store(true, ordering: .relaxed)
      clock.advanceTo(2_000)
      let name = fixture.server.url.absoluteString.trimmingCharacters(
        in: CharacterSet(charactersIn: "/"))
      #expect(
        try await statuses.next()
          == .unreachable(
            message: "No answer from the server \(name): it answered \"down for a moment\". "
              + "What is shown may be out of date; it updates once the server answers."))
      outage.isDown.store(false, ordering: .relaxed)
      clock.advanceTo(4_000)
      #expect(try await statuses.next() == .available)
    }
  }

  @Test func aRefusalOrAnExpiredSessionIsAnAnswer() {
    let server = URL(string: "http://127.0.0.1:1/")!
    #expect(RemoteBackend.unanswered(ServiceError.sessionExpired, server: server) == nil)
    #expect(RemoteBackend.unanswered(ServiceError.notFound(id: 3), server: server) == nil)
    #expect(RemoteBackend.unanswered(ServiceError.http(status: 404), server: server) == nil)
    expectEqual(
      RemoteBackend.unanswered(ServiceError.unreachable("nothing listens"), server: server)?
        .message?.hasPrefix(
          "No answer from the server http://127.0.0.1:1: it cannot be reached (nothing listens)."),
      true)
  }
}
