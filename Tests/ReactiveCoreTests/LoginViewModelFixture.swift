import ReactiveCore
import Testing

// The fixture uses the public `Observable` operators (`combineLatest`, `withLatestFrom`,
// `flatMapFirst`, `catch`) exactly as an app does, through a plain import: it proves that a
// view model in this style compiles against the module's public API alone. The app's real
// login view model is tested in `Tests/ViewModelsTests/LoginViewModelTests.swift`.

// A `@MainActor` view model in the `transform(Input) -> Output` style, written against the
// traits' API the way an app writes it: it must compile in Swift 6 mode with no warnings, and
// its behaviour is checked step by step below.

enum SignInError: Error { case wrongPassword }

protocol SignInService {
  /// Signs in and answers with the user's display name.
  func signIn(email: String, password: String) -> Single<String>
}

/// Counts the work running through it, for a spinner.
final class RunningWork {
  private let count = BehaviorRelay(value: 0)

  var isRunning: Driver<Bool> {
    count.asDriver().map { $0 > 0 }.distinctUntilChanged()
  }

  func track<Element>(_ work: Single<Element>) -> Single<Element> {
    work.do(
      onSubscribe: { [count] in count.accept(count.value + 1) },
      onDispose: { [count] in count.accept(count.value - 1) })
  }
}

@MainActor struct SignInViewModel {
  struct Input {
    let email: Observable<String>
    let password: Observable<String>
    let submitTaps: Observable<Void>
  }

  struct Output {
    let canSubmit: Driver<Bool>
    let isWorking: Driver<Bool>
    let failure: Signal<String>
    let signedIn: Signal<String>
  }

  let service: SignInService

  func transform(_ input: Input) -> Output {
    let work = RunningWork()
    let failures = PublishRelay<String>()

    let form = Observable.combineLatest(input.email, input.password)
    let formIsValid = form.map { email, password in
      email.contains("@") && password.count >= 8
    }
    let signedIn = input.submitTaps
      .withLatestFrom(Observable.combineLatest(form, formIsValid))
      .filter { _, valid in valid }
      .map { form, _ in form }
      .flatMapFirst { [service] email, password in
        work.track(service.signIn(email: email, password: password))
          .asObservable()
          .catch { error in
            failures.accept("Sign-in failed: \(error)")
            return .empty()
          }
      }
    let isWorking = work.isRunning
    let canSubmit = Observable.combineLatest(formIsValid, isWorking.asObservable()) { $0 && !$1 }
      .asDriver(onErrorJustReturn: false)
      .distinctUntilChanged()
    return Output(
      canSubmit: canSubmit, isWorking: isWorking, failure: failures.asSignal(),
      signedIn: signedIn.asSignal(onErrorSignalWith: .empty()))
  }
}

/// A service whose answers the test gives by hand; it records every call.
final class ManualSignInService: SignInService {
  private(set) var passwordsTried: [String] = []
  private var pending: [(SingleEvent<String>) -> Void] = []

  func signIn(email: String, password: String) -> Single<String> {
    Single.create { observer in
      self.passwordsTried.append(password)
      self.pending.append(observer)
      return Disposables.create()
    }
  }

  func answer(_ outcome: SingleEvent<String>) {
    pending.removeFirst()(outcome)
  }
}

/// A service that answers at once, built from `Single.just` and `Single.error`.
struct ImmediateSignInService: SignInService {
  func signIn(email: String, password: String) -> Single<String> {
    password == "correct horse" ? .just("Ada") : .error(SignInError.wrongPassword)
  }
}

@Suite struct SignInViewModelTests {
  @Test @MainActor func theScreenEnablesWorksFailsAndSucceedsStepByStep() {
    let service = ManualSignInService()
    let email = PublishSubject<String>()
    let password = PublishSubject<String>()
    let taps = PublishSubject<Void>()
    var canSubmit: [Bool] = []
    var working: [Bool] = []
    var failures: [String] = []
    var users: [String] = []
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let output = SignInViewModel(service: service).transform(
        .init(email: email, password: password, submitTaps: taps))
      output.canSubmit.drive(onNext: { canSubmit.append($0) }).disposed(by: bag)
      output.isWorking.drive(onNext: { working.append($0) }).disposed(by: bag)
      output.failure.emit(onNext: { failures.append($0) }).disposed(by: bag)
      output.signedIn.emit(onNext: { users.append($0) }).disposed(by: bag)

      email.onNext("ada@example.com")
      password.onNext("short")
      password.onNext("wrong password")
      taps.onNext(())
      taps.onNext(())  // ignored while the first request runs
      #expect(canSubmit == [false, true, false])
      #expect(working == [false, true])
      service.answer(.failure(SignInError.wrongPassword))
      password.onNext("correct horse")
      taps.onNext(())
      service.answer(.success("Ada"))
    }

    #expect(canSubmit == [false, true, false, true, false, true])
    #expect(working == [false, true, false, true, false])
    #expect(failures == ["Sign-in failed: wrongPassword"])
    #expect(users == ["Ada"])
    #expect(service.passwordsTried == ["wrong password", "correct horse"])
  }

  @Test @MainActor func outputsAreSharedSoOneTapSendsOneRequest() {
    let service = ManualSignInService()
    let taps = PublishSubject<Void>()
    var users: [String] = []
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let output = SignInViewModel(service: service).transform(
        .init(
          email: .just("ada@example.com"), password: .just("correct horse"), submitTaps: taps))
      output.signedIn.emit(onNext: { users.append("label \($0)") }).disposed(by: bag)
      output.signedIn.emit(onNext: { users.append("analytics \($0)") }).disposed(by: bag)
      taps.onNext(())
      service.answer(.success("Ada"))
    }
    #expect(service.passwordsTried == ["correct horse"])
    #expect(users == ["label Ada", "analytics Ada"])
  }

  @Test @MainActor func theViewModelRunsOnTheRealMainScheduler() async {
    // No mock: the outputs deliver through MainScheduler, and a @MainActor test is on the
    // main queue, so drive and emit are allowed here.
    let email = BehaviorSubject(value: "ada@example.com")
    let password = BehaviorSubject(value: "correct horse")
    let taps = PublishSubject<Void>()
    let output = SignInViewModel(service: ImmediateSignInService()).transform(
      .init(email: email, password: password, submitTaps: taps))
    var users: [String] = []
    var canSubmit: [Bool] = []
    let bag = DisposeBag()
    output.canSubmit.drive(onNext: { canSubmit.append($0) }).disposed(by: bag)
    output.signedIn.emit(onNext: { users.append($0) }).disposed(by: bag)
    taps.onNext(())
    for _ in 0..<100 where users.isEmpty { await Task.yield() }
    #expect(users == ["Ada"])
    #expect(canSubmit.first == true)
    #expect(canSubmit.last == true)
  }
}
