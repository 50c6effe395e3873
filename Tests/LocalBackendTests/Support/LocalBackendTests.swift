import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import TestSupport
import Testing

/// A `LocalBackend` over a fresh store in its own directory, on a virtual clock where one tick
/// is a millisecond and nothing is delayed unless asked.
struct LocalBackendFixture {
  let directory: URL
  let clock: TestScheduler
  let backend: LocalBackend
  var store: LocalStore { backend.store }

  /// Another `LocalStore` on the same directory: writes through it are what another process
  /// would do.
  func otherProcess() throws -> LocalStore { try LocalStore(directory: directory) }

  /// Subscribes `source` at `time` with a new recording observer; the clock is not run.
  func subscribe<Source: ObservableConvertibleType>(
    _ source: Source, at time: TestTime = 0
  ) -> (TestableObserver<Source.Element>, SerialDisposable) {
    let observer = clock.createObserver(Source.Element.self)
    let subscription = SerialDisposable()
    clock.scheduleAt(time) { subscription.disposable = source.asObservable().subscribe(observer) }
    return (observer, subscription)
  }

  /// The backend's async `requestPasswordReset(email:)` as a `Single`, through the bridge:
  /// subscribed by an action of the clock, its task runs in virtual time.
  func reset(_ email: String) -> Single<String> {
    Single.create { [backend] in try await backend.requestPasswordReset(email: email) }
  }

  /// Subscribes `source` at `time`, runs the clock until nothing is left, and returns what
  /// the subscription recorded. Only for sources that end (no polling streams).
  func run<Source: ObservableConvertibleType>(_ source: Source, at time: TestTime = 0)
    -> [Recorded<Event<Source.Element>>]
  {
    let (observer, _) = subscribe(source, at: time)
    clock.start()
    return observer.events
  }
}

func withBackend<Result>(
  seed: StoreSeed = .quickLogin, faults: LocalBackend.Faults = .none,
  pollInterval: RxTimeInterval = .seconds(1), _ body: (LocalBackendFixture) throws -> Result
) throws -> Result {
  try withTemporaryDirectory { directory in
    let clock = TestScheduler.milliseconds()
    let store = try LocalStore(directory: directory, seed: seed)
    let backend = LocalBackend(
      store: store, scheduler: clock, faults: faults, pollInterval: pollInterval)
    return try body(LocalBackendFixture(directory: directory, clock: clock, backend: backend))
  }
}

let ada = StoreSeed.demoAccount
let password = StoreSeed.demoPassword

/// The embedded backend, on virtual time: what each call answers, when, and what it changes.
@Suite(.timeLimit(.minutes(1))) struct LocalBackendTests {
  // MARK: - Authentication

  @Test func loggingInAnswersTheAccountAndSignsInTheStore() throws {
    try withBackend { fixture throws in
      let events = fixture.run(
        fixture.backend.logIn(email: " ADA@example.com ", password: password))
      expectEqual(events, [.next(0, ada), .completed(0)])
      #expect(try fixture.store.accountStatus() == .authorized(ada))
    }
  }

  @Test func aWrongPasswordFailsWithTheServicesWordsAndChangesNothing() throws {
    try withBackend { fixture in
      let before = try fixture.store.snapshot()
      let events = fixture.run(fixture.backend.logIn(email: "ada@example.com", password: "nope"))
      expectEqual(events, [.error(0, ServiceError.wrongCredentials)])
      let error = try #require(events.first?.value.error)
      expectEqual(
        (error as? LocalizedError)?.errorDescription, ServiceError.wrongCredentials.description)
      #expect(try fixture.store.snapshot() == before)
    }
  }

  @Test func loggingOutSignsOutTheStore() throws {
    try withBackend { fixture in
      try fixture.store.logIn(email: ada.email, password: password)
      expectEqual(fixture.run(fixture.backend.logOut()), [.completed(0)])
      #expect(try fixture.store.accountStatus() == .unavailable)
    }
  }

  @Test func aPasswordResetSaysTheDemoSendsNothingAndRefusesABadAddress() throws {
    try withBackend { fixture in
      let before = try fixture.store.snapshot()
      let stranger = "someone@example.com"
      expectEqual(
        fixture.run(fixture.reset(stranger)),
        [
          .next(
            0,
            "This demo sends no email: no reset link was sent to someone@example.com, "
              + "whether or not it has an account."),
          .completed(0),
        ])
      let message = try #require(Validation.email("no-at-sign").message)
      expectEqual(
        fixture.run(fixture.reset("no-at-sign")), [.error(0, ServiceError.invalid(message))])
      #expect(try fixture.store.snapshot() == before)
    }
  }

  @Test func aPasswordResetAnswersTheSameWithOrWithoutAnAccount() throws {
    try withBackend { fixture in
      let account = ada.email
      let before = try fixture.store.snapshot()
      let withAccount = fixture.run(fixture.reset(account))
      let without = fixture.run(fixture.reset("nobody@example.org"))
      let text = { (events: [Recorded<Event<String>>]) in
        events.compactMap { $0.value.element }.map {
          $0.replacingOccurrences(of: account, with: "X")
            .replacingOccurrences(of: "nobody@example.org", with: "X")
        }
      }
      expectEqual(text(withAccount), text(without))
      expectEqual(text(withAccount).count, 1)
      expectEqual(withAccount.map(\.time), without.map(\.time))
      #expect(try fixture.store.snapshot() == before)
    }
  }

  @Test func theStoresNotFoundErrorIsRecognisedAsNotFound() {
    #expect(isNotFound(StoreError.notFound(3, record: "note")))
    #expect(!isNotFound(StoreError.wrongPassword))
  }

  // MARK: - Laziness, latency, faults

  @Test func aWriteThatIsNeverSubscribedChangesNothing() throws {
    try withBackend { fixture in
      let backend = fixture.backend
      let before = try fixture.store.fileURL.bytes()
      _ = backend.logIn(email: ada.email, password: password)
      _ = backend.logOut()
      fixture.clock.start()
      #expect(try fixture.store.fileURL.bytes() == before)
      #expect(try fixture.store.snapshot().generation == 1)
    }
  }

  @Test func latencyDelaysEveryAnswerByExactlyThatVirtualTime() throws {
    try withBackend(faults: .init(latency: .milliseconds(300))) { fixture in
      expectEqual(
        fixture.run(fixture.reset("a@b.co"), at: 1_000),
        [.next(1_300, LocalBackend.passwordResetText(email: "a@b.co")), .completed(1_300)])
    }
  }

  @Test func aDelayedWriteHappensWhenItsLatencyEnds() throws {
    try withBackend(faults: .init(latency: .milliseconds(300))) { fixture throws in
      let (observer, _) = fixture.subscribe(
        fixture.backend.logIn(email: ada.email, password: password), at: 100)
      fixture.clock.advanceTo(399)
      #expect(observer.events.isEmpty)
      #expect(try fixture.store.accountStatus() == .unavailable)
      fixture.clock.advanceTo(400)
      expectEqual(observer.events, [.next(400, ada), .completed(400)])
      #expect(try fixture.store.accountStatus() == .authorized(ada))
    }
  }

  @Test func disposingDuringTheLatencyCancelsTheCall() throws {
    try withBackend(faults: .init(latency: .milliseconds(300))) { fixture in
      let before = try fixture.store.fileURL.bytes()
      let (loggedIn, login) = fixture.subscribe(
        fixture.backend.logIn(email: ada.email, password: password), at: 100)
      fixture.clock.scheduleAt(399) {
        login.dispose()
      }
      fixture.clock.start()
      #expect(loggedIn.events.isEmpty)
      expectEqual(fixture.clock.clock, 399)
      #expect(try fixture.store.fileURL.bytes() == before)
    }
  }

  @Test func cancellingAnAsyncCallDuringTheLatencyEndsItThen() throws {
    try withBackend(faults: .init(latency: .milliseconds(300))) { fixture in
      let (answer, request) = fixture.subscribe(fixture.reset("a@b.co"), at: 100)
      fixture.clock.scheduleAt(250) { request.dispose() }
      fixture.clock.start()
      // Disposing cancelled the task, and the latency's timer went with it: nothing was left
      // on the clock to run until 400.
      #expect(answer.events.isEmpty)
      expectEqual(fixture.clock.clock, 250)
      expectEqual(fixture.clock.pendingCount, 0)
    }
  }

  @Test func aFailingCallFailsWithInjectedFailureAndTheOthersWork() throws {
    try withBackend(faults: .init(latency: .milliseconds(200), failing: ["logIn"])) { fixture in
      let before = try fixture.store.snapshot()
      let login = fixture.run(fixture.backend.logIn(email: ada.email, password: password))
      expectEqual(login.map(\.time), [200])
      let failure = try #require(login.first?.value.error as? LocalBackend.InjectedFailure)
      expectEqual(failure.call, "logIn")
      expectEqual("\(failure)", "the backend was told to fail logIn")
      #expect(try fixture.store.snapshot() == before)

      let reset = fixture.run(fixture.reset("a@b.co"), at: 1_000)
      expectEqual(
        reset, [.next(1_200, LocalBackend.passwordResetText(email: "a@b.co")), .completed(1_200)])
      expectEqual(fixture.run(fixture.backend.logOut(), at: 2_000), [.completed(2_200)])
    }
  }

  // MARK: - Account status

  @Test func accountStatusChangesAtOnceAfterLoggingInAndOutThroughTheBackend() throws {
    try withBackend { fixture in
      let backend = fixture.backend
      let (status, subscription) = fixture.subscribe(backend.accountStatus)
      let (_, _) = fixture.subscribe(backend.logIn(email: ada.email, password: password), at: 100)
      let (_, _) = fixture.subscribe(backend.logIn(email: ada.email, password: "wrong"), at: 200)
      let (_, _) = fixture.subscribe(backend.logOut(), at: 300)
      let (_, _) = fixture.subscribe(backend.logOut(), at: 400)
      fixture.clock.advanceTo(2_500)
      subscription.dispose()
      expectEqual(
        status.events,
        [
          .next(0, .unavailable), .next(100, .authorized(ada)), .next(300, .unavailable),
        ])
    }
  }

  @Test func accountStatusSeesAnotherProcessExactlyAtTheNextPoll() throws {
    try withBackend(pollInterval: .milliseconds(500)) { fixture in
      let other = try fixture.otherProcess()
      let (status, subscription) = fixture.subscribe(fixture.backend.accountStatus, at: 100)
      fixture.clock.scheduleAt(250) { _ = try? other.logIn(email: ada.email, password: password) }
      fixture.clock.advanceTo(599)
      expectEqual(status.events, [.next(100, .unavailable)])
      fixture.clock.advanceTo(600)
      expectEqual(status.events, [.next(100, .unavailable), .next(600, .authorized(ada))])
      fixture.clock.scheduleAt(1_050) { try? other.logOut() }
      fixture.clock.advanceTo(2_000)
      subscription.dispose()
      expectEqual(
        status.events,
        [
          .next(100, .unavailable), .next(600, .authorized(ada)), .next(1_100, .unavailable),
        ])
    }
  }

  @Test func accountStatusStartsWithTheStatusAtSubscription() throws {
    try withBackend { fixture in
      try fixture.otherProcess().logIn(email: ada.email, password: password)
      let (status, subscription) = fixture.subscribe(fixture.backend.accountStatus, at: 50)
      fixture.clock.advanceTo(3_000)
      subscription.dispose()
      expectEqual(status.events, [.next(50, .authorized(ada))])
    }
  }

  @Test func aChangeMadeWhileNobodyListenedHidesNoLaterChange() throws {
    try withBackend { fixture in
      let backend = fixture.backend
      // Logged in while nothing observes the backend.
      _ = fixture.run(backend.logIn(email: ada.email, password: password))
      let (status, statusSubscription) = fixture.subscribe(backend.accountStatus, at: 100)
      // Undone while observed: each undo is a change to report.
      let (_, _) = fixture.subscribe(backend.logOut(), at: 200)
      fixture.clock.advanceTo(2_500)
      statusSubscription.dispose()
      expectEqual(status.events, [.next(100, .authorized(ada)), .next(200, .unavailable)])
    }
  }

  // MARK: - Bad files and resources

  @Test func aCorruptStoreFileMakesEveryCallFailWithTheStoresError() throws {
    try withBackend { fixture in
      let file = fixture.store.fileURL
      let garbage = Data("{\"schemaVersion\": 1, \"friends\": [".utf8)
      try garbage.write(to: file)
      let expected = try #require(storeError { try LocalStore(directory: fixture.directory) })
      guard case .corrupt(let path, _) = expected else {
        Issue.record("expected a corrupt file, got \(expected)")
        return
      }
      expectEqual(path, file.path)
      #expect(expected.description.contains(file.path))

      let backend = fixture.backend
      expectEqual(
        fixture.run(backend.logIn(email: ada.email, password: password)),
        [.error(0, expected.serviceError)])
      // The account status stays as last read: a damaged file logs nobody out.
      expectEqual(
        fixture.run(backend.accountStatus.take(1)), [.next(0, .unavailable), .completed(0)])
      #expect(try file.bytes() == garbage)
    }
  }

  @Test func aStoreFileDamagedWhileObservedKeepsTheStatusAsLastRead() throws {
    try withBackend { fixture throws in
      let file = fixture.store.fileURL
      let garbage = Data("not json".utf8)
      let (status, _) = fixture.subscribe(fixture.backend.accountStatus)
      fixture.clock.scheduleAt(300) { try? garbage.write(to: file) }
      fixture.clock.advanceTo(1_500)
      expectEqual(status.events, [.next(0, .unavailable)])
      #expect(try file.bytes() == garbage)
    }
  }

  @Test func everySubscriptionIsReleasedAfterDisposal() throws {
    try withBackend(faults: .init(latency: .milliseconds(100))) { fixture in
      let counter = ResourceCounter()
      let backend = fixture.backend
      var liveWhileObserved = 0
      counter.measure {
        let (_, status) = fixture.subscribe(backend.accountStatus)
        let (_, _) = fixture.subscribe(backend.logIn(email: ada.email, password: password), at: 20)
        fixture.clock.scheduleAt(1_500) {
          liveWhileObserved = counter.live
          status.dispose()
        }
        fixture.clock.start()
      }
      #expect(liveWhileObserved > 0)
      expectEqual(counter.live, 0)
      expectEqual(fixture.clock.pendingCount, 0)
    }
  }
}

/// The ``StoreError`` `body` throws, or `nil`; shared by this target's tests.
func storeError<Value>(_ body: () throws -> Value) -> StoreError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error as? StoreError
  }
}
