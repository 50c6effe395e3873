import Models
import ReactiveCore
import Services

/// The "Forgot password?" screen: an email field and a "Send reset link" button.
///
/// Taps are debounced by 500 ms on the injected scheduler, so a burst of taps sends one
/// request, with the email as it is when the burst ends; taps while a request runs are ignored
/// (`flatMapFirst`), so a reset email is never asked for twice at once. An invalid email shows
/// its validation message instead of sending; a failure shows an error and leaves the screen
/// working.
///
/// The service's `requestPasswordReset(email:)` is written with async/await; the view model
/// consumes it through the bridge, `Single.create { try await … }`, inside the chain: each
/// request is a task started when the debounced tap subscribes it, and disposing the
/// outputs cancels the running task. The bridge's closure is `@Sendable` and captures the
/// service, which is why `AuthenticationService` is `Sendable`. The answer arrives on the
/// task's thread and is moved to the injected scheduler before anything else sees it, as the
/// backends' `Single`s deliver theirs; on a `TestScheduler` the task itself runs in virtual
/// time, so a service that sleeps on its `asyncClock` answers to the millisecond.
public struct ForgotPasswordViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// The email field's text, each time it changes.
    public var email: Observable<String>
    /// Taps on "Send reset link".
    public var resetTaps: Observable<Void>

    /// Creates the input.
    public init(email: Observable<String>, resetTaps: Observable<Void>) {
      self.email = email
      self.resetTaps = resetTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The service's confirmation ("We sent a reset link to …", or the demo's word that it
    /// sends nothing), once per completed request.
    public var confirmation: Signal<String>
    /// Why a request was not sent or failed.
    public var errorMessage: Signal<String>
    /// Whether a request runs.
    public var isSending: Driver<Bool>
  }

  /// How long taps must pause before a request is sent.
  public static let debounce: RxTimeInterval = .milliseconds(500)

  private let auth: AuthenticationService
  private let scheduler: SchedulerType

  /// Creates the view model; `scheduler` times the debounce and delivers the answers.
  public init(auth: AuthenticationService, scheduler: SchedulerType) {
    self.auth = auth
    self.scheduler = scheduler
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()

    let outcomes = input.resetTaps
      .debounce(Self.debounce, scheduler: scheduler)
      .withLatestFrom(input.email.startWith(""))
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .flatMapFirst { [auth, scheduler] email -> Observable<Outcome<String, String>> in
        if let message = Validation.email(email).message {
          return .just(.failure(message))
        }
        let request = Single.create { try await auth.requestPasswordReset(email: email) }
          .observe(on: scheduler)
        return activity.track(request).asObservable()
          .outcomes { "Could not send the reset link: \(describe($0))" }
      }
      .share()

    return Output(
      confirmation: outcomes.values().asSignal(onErrorSignalWith: .empty()),
      errorMessage: outcomes.failures().asSignal(onErrorSignalWith: .empty()),
      isSending: activity.isActive)
  }
}
