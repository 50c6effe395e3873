import Models
import ReactiveCore
import ReactiveTesting
import Services
import Synchronization

/// An authentication service whose answers a test scripts as timelines on a `TestScheduler`.
///
/// Each request that returns a `Single` or a `Completable` is a cold test observable, so it
/// answers relative to when it is subscribed, and its `subscriptions` tell when it was started
/// and cancelled. ``requestPasswordReset(email:)``, written with async/await, reads its script
/// as a delay instead: it sleeps on the scheduler's `asyncClock` until the tick of the script's
/// completion or error, then answers, so it too answers in virtual time; ``resetRequests``
/// tell when each started and ended, and whether it was cancelled. A call the test did not
/// script records a test failure.
///
/// **Sendable**, as ``AuthenticationService`` requires: the async call runs in the task a
/// bridge starts, while the test scripts and reads the fake from its own. The scripts and the
/// records are kept behind a lock, which is never held while a script runs, so the scripts
/// are `@Sendable` closures.
public final class FakeAuthenticationService: AuthenticationService {
  /// One call to ``requestPasswordReset(email:)``: the address, the tick it started at, and
  /// the tick it ended at (answered, failed or cancelled), `nil` while it runs.
  public struct ResetRequest: Hashable, Sendable, CustomStringConvertible {
    /// The address the reset was asked for.
    public var email: String
    /// The tick the call started at.
    public var started: TestTime
    /// The tick the call answered, failed or was cancelled at; `nil` while it runs.
    public var ended: TestTime?
    /// Whether the calling task was cancelled before the answer.
    public var cancelled: Bool

    /// Creates a record.
    public init(email: String, started: TestTime, ended: TestTime? = nil, cancelled: Bool = false) {
      self.email = email
      self.started = started
      self.ended = ended
      self.cancelled = cancelled
    }

    /// "ada@example.com from 800 to 1000", with "cancelled" when it was.
    public var description: String {
      let end = ended.map { " to \($0)" } ?? ", running"
      return "\(email) from \(started)\(end)\(cancelled ? ", cancelled" : "")"
    }
  }

  /// What the lock guards.
  private struct State {
    var logInResponse: (@Sendable (String, String) -> [Recorded<Event<Account>>])?
    var logOutResponse: (@Sendable () -> [Recorded<Event<Never>>])?
    var resetResponse: (@Sendable (String) -> [Recorded<Event<Never>>])?
    var resetConfirmation: @Sendable (String) -> String = { "We sent a reset link to \($0)." }
    var currentStatusResponse: (@Sendable () -> [Recorded<Event<AccountStatus>>])?
    var passwordsTried: [String] = []
    var resetEmails: [String] = []
    var logInRequests: [TestableObservable<Account>] = []
    var resetRequests: [ResetRequest] = []
  }

  private let state = Mutex(State())

  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// The account status the service reports; tests change it with `accept`.
  public let status = BehaviorRelay(value: AccountStatus.unavailable)
  /// What ``sessionExpirations`` emits; tests call `accept` when the session ends.
  public let expirations = PublishRelay<Void>()
  /// The data status the service reports; tests change it with `accept`.
  public let data = BehaviorRelay(value: DataStatus.available)

  /// Creates a fake that answers on `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  // MARK: - Scripts

  /// The answer to `logIn`, for the given email and password.
  public var logInResponse: (@Sendable (String, String) -> [Recorded<Event<Account>>])? {
    get { state.withLock { $0.logInResponse } }
    set { state.withLock { $0.logInResponse = newValue } }
  }

  /// The answer to `logOut`.
  public var logOutResponse: (@Sendable () -> [Recorded<Event<Never>>])? {
    get { state.withLock { $0.logOutResponse } }
    set { state.withLock { $0.logOutResponse = newValue } }
  }

  /// The answer to `requestPasswordReset`, for the given email: when it ends, and how. The
  /// call answers ``resetConfirmation`` at the tick of a completion, throws the error at the
  /// tick of an error (ticks counted from the call), and without either waits until it is
  /// cancelled.
  public var resetResponse: (@Sendable (String) -> [Recorded<Event<Never>>])? {
    get { state.withLock { $0.resetResponse } }
    set { state.withLock { $0.resetResponse = newValue } }
  }

  /// The confirmation a completed reset request answers with, for the given email.
  public var resetConfirmation: @Sendable (String) -> String {
    get { state.withLock { $0.resetConfirmation } }
    set { state.withLock { $0.resetConfirmation = newValue } }
  }

  /// The answer to `currentAccountStatus`; without one, it answers with ``status`` at once.
  public var currentStatusResponse: (@Sendable () -> [Recorded<Event<AccountStatus>>])? {
    get { state.withLock { $0.currentStatusResponse } }
    set { state.withLock { $0.currentStatusResponse = newValue } }
  }

  // MARK: - Records

  /// The passwords `logIn` was called with, in order.
  public var passwordsTried: [String] { state.withLock { $0.passwordsTried } }
  /// The emails a reset was requested for, in order.
  public var resetEmails: [String] { state.withLock { $0.resetEmails } }
  /// The requests made, in order, to inspect their subscriptions.
  public var logInRequests: [TestableObservable<Account>] { state.withLock { $0.logInRequests } }
  /// The scripted reset requests made, in order: when each started and ended.
  public var resetRequests: [ResetRequest] { state.withLock { $0.resetRequests } }

  // MARK: - Calls

  /// Answers with the scripted `logInResponse`.
  public func logIn(email: String, password: String) -> Single<Account> {
    let logInResponse = state.withLock { state in
      state.passwordsTried.append(password)
      return state.logInResponse
    }
    guard let logInResponse else {
      return .error(unscripted("logIn(email: \(email), password: …)"))
    }
    let request = scheduler.createColdObservable(logInResponse(email, password))
    state.withLock { $0.logInRequests.append(request) }
    return request.asObservable().asSingle()
  }

  /// Answers with the scripted `logOutResponse`.
  public func logOut() -> Completable {
    guard let logOutResponse else { return .error(unscripted("logOut()")) }
    return scheduler.createColdObservable(logOutResponse()).asObservable().asCompletable()
  }

  /// Answers as the scripted `resetResponse` says, in the virtual time of ``scheduler``: call
  /// it from a task that runs on the scheduler, as the bridges' tasks do when one of its
  /// actions subscribes them (`Single.create { try await … }`).
  ///
  /// Cancelling the calling task while it waits ends the wait at once with
  /// `CancellationError`, and the request records the tick of the cancellation.
  public func requestPasswordReset(email: String) async throws -> String {
    let (resetResponse, resetConfirmation) = state.withLock { state in
      state.resetEmails.append(email)
      return (state.resetResponse, state.resetConfirmation)
    }
    guard let resetResponse else {
      throw unscripted("requestPasswordReset(email: \(email))")
    }
    let script = resetResponse(email)
    let confirmation = resetConfirmation(email)
    let started = scheduler.clock
    let index = state.withLock { state in
      state.resetRequests.append(ResetRequest(email: email, started: started))
      return state.resetRequests.count - 1
    }
    let end = script.first { $0.value.isStopEvent }
    do {
      if let end {
        let clock = scheduler.asyncClock
        try await clock.sleep(for: clock.minimumResolution * end.time)
      } else {
        try await Self.waitForCancellation()
      }
    } catch {
      endResetRequest(index, cancelled: true)
      throw error
    }
    endResetRequest(index, cancelled: false)
    if case .error(let error)? = end?.value { throw error }
    return confirmation
  }

  private func endResetRequest(_ index: Int, cancelled: Bool) {
    let now = scheduler.clock
    state.withLock { state in
      state.resetRequests[index].ended = now
      state.resetRequests[index].cancelled = cancelled
    }
  }

  /// Waits until the calling task is cancelled, then throws `CancellationError`: the
  /// iteration of a stream that never ends stops when its task is cancelled.
  private static func waitForCancellation() async throws {
    let (never, continuation) = AsyncStream<Never>.makeStream()
    for await _ in never {}
    continuation.finish()
    throw CancellationError()
  }

  /// The scripted status: its current value, then each change.
  public var accountStatus: Observable<AccountStatus> { status.asObservable() }

  /// Answers with the scripted `currentStatusResponse`, or with ``status``'s value.
  public func currentAccountStatus() -> Single<AccountStatus> {
    guard let currentStatusResponse else { return .just(status.value) }
    return scheduler.createColdObservable(currentStatusResponse()).asObservable().asSingle()
  }

  /// What the test sends through ``expirations``.
  public var sessionExpirations: Observable<Void> { expirations.asObservable() }

  /// The scripted data status: its current value, then each change.
  public var dataStatus: Observable<DataStatus> { data.asObservable() }
}
