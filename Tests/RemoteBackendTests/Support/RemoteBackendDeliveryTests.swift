import Dispatch
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import Testing

/// The HTTP backend delivers every answer on its scheduler, as the embedded backend does, so
/// that a view model's main-actor closures run on the main queue with the main scheduler.
@Suite(.timeLimit(.minutes(3))) struct RemoteBackendDeliveryTests {
  /// A scheduler on a queue that can be recognised, and the key that recognises it.
  static func recognisableScheduler() -> (SchedulerType, DispatchSpecificKey<String>) {
    let key = DispatchSpecificKey<String>()
    let scheduler = SerialDispatchQueueScheduler(
      internalSerialQueueName: "remote-backend-tests",
      serialQueueConfiguration: { $0.setSpecific(key: key, value: "the scheduler") })
    return (scheduler, key)
  }

  @Test func answersArriveOnTheScheduler() async throws {
    try await withAppServer { fixture in
      let (scheduler, key) = Self.recognisableScheduler()
      let backend = RemoteBackend(client: fixture.client, scheduler: scheduler)
      let statusQueue = try await backend.currentAccountStatus()
        .map { _ in DispatchQueue.getSpecific(key: key) }.value
      expectEqual(statusQueue, "the scheduler")
    }
  }

  @Test func failuresAndPolledValuesArriveOnTheSchedulerToo() async throws {
    try await withAppServer { fixture in
      let (scheduler, key) = Self.recognisableScheduler()
      let backend = RemoteBackend(client: fixture.client, scheduler: scheduler)
      let failureQueue = try await backend.logIn(email: "ada@example.com", password: "not the one")
        .map { _ in "answered" }
        .catch { _ in .just(DispatchQueue.getSpecific(key: key) ?? "elsewhere") }.value
      expectEqual(failureQueue, "the scheduler")
      let statusQueue = try await backend.accountStatus.take(1)
        .map { _ in DispatchQueue.getSpecific(key: key) }.asSingle().value
      expectEqual(statusQueue, "the scheduler")
    }
  }
}
