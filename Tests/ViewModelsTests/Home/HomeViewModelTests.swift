import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

/// The home over entries a test chooses: it names no feature of its own. (Any scene will do,
/// so these are two that every app made from the template has.)
@Suite @MainActor struct HomeViewModelTests {
  static let entries = [
    HomeEntry(scene: .forgotPassword, key: "f", summary: "a reset link"),
    HomeEntry(scene: .login, key: "t", summary: "another account"),
  ]
  static let ada = Account(email: "ada@example.com", displayName: "Ada")

  @Test func entriesOpenByPositionAndByKeyAndTheRestIsRefused() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let routes = clock.createObserver(Route.self)
    let refusals = clock.createObserver(String.self)
    let entries = clock.createObserver([HomeEntry].self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let open = clock.createHotObservable([.next(100, 1), .next(200, 2), .next(300, 0)])
      let keys = clock.createHotObservable([.next(400, "t"), .next(500, "x"), .next(600, "f")])
      let output = HomeViewModel(entries: Self.entries, auth: auth).transform(
        .init(open: open.asObservable(), keys: keys.asObservable()))
      clock.scheduleAt(0) {
        output.route.emit(to: routes).disposed(by: bag)
        output.refusal.emit(to: refusals).disposed(by: bag)
        output.entries.drive(entries).disposed(by: bag)
      }
      clock.start()
    }

    expectEqual(
      routes.events,
      [
        .next(100, .show(.login)), .next(300, .show(.forgotPassword)), .next(400, .show(.login)),
        .next(600, .show(.forgotPassword)),
      ])
    // A key that no entry has is left to the front (it may be a global key): no refusal.
    expectEqual(timeline(refusals.events), ["There is no entry 3.@200"])
    expectEqual(entries.events, [.next(0, Self.entries), .completed(0)])
  }

  @Test func theGreetingFollowsTheAccountAndTheSummaryCountsTheEntries() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let greetings = clock.createObserver(String.self)
    let summaries = clock.createObserver(String.self)
    let emptySummaries = clock.createObserver(String.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let output = HomeViewModel(entries: Self.entries, auth: auth).transform(.init())
      let empty = HomeViewModel(entries: [], auth: auth).transform(.init())
      clock.scheduleAt(0) {
        output.greeting.drive(greetings).disposed(by: bag)
        output.summary.drive(summaries).disposed(by: bag)
        empty.summary.drive(emptySummaries).disposed(by: bag)
      }
      clock.scheduleAt(100) { auth.status.accept(.authorized(Self.ada)) }
      clock.scheduleAt(200) { auth.status.accept(.authorized(Self.ada)) }  // the same: no repeat
      clock.scheduleAt(300) { auth.status.accept(.unavailable) }
      clock.start()
    }

    expectEqual(timeline(greetings.events), ["@0", "Logged in as Ada.@100", "@300"])
    expectEqual(timeline(summaries.events), ["2 features@0", "completed@0"])
    expectEqual(timeline(emptySummaries.events), ["No features yet.@0", "completed@0"])
    expectEqual(HomeViewModel.summary(count: 1), "1 feature")
  }
}
