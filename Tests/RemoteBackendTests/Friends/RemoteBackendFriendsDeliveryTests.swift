import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import Testing

extension RemoteBackendDeliveryTests {
  @Test func friendsAndSearchAnswersArriveOnTheScheduler() async throws {
    try await withAppServer { fixture in
      let (scheduler, key) = Self.recognisableScheduler()
      let backend = RemoteBackend(client: fixture.client, scheduler: scheduler)
      let friendsQueue = try await backend.records(Friend.self).records()
        .map { _ in DispatchQueue.getSpecific(key: key) }.value
      expectEqual(friendsQueue, "the scheduler")
      let searchQueue = try await backend.search("ken")
        .map { _ in DispatchQueue.getSpecific(key: key) }.value
      expectEqual(searchQueue, "the scheduler")
    }
  }
}
