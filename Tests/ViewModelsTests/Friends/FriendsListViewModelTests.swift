import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

@Suite @MainActor struct FriendsListViewModelTests {
  enum Failure: Error { case offline }

  static let ada = Friend(id: 1, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")
  static let grace = Friend(id: 2, firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0102")

  struct Recorders {
    let cells: TestableObserver<[FriendCellType]>
    let loading: TestableObserver<Bool>
    let alerts: TestableObserver<Alert>
    let failures: TestableObserver<FriendsListViewModel.LoadFailure?>
    let routes: TestableObserver<Route>
    let selections: TestableObserver<Int>
  }

  /// Runs the view model over a service whose list is Ada alone, loaded at 100 ms.
  static func runOverAda(input: (TestScheduler) -> FriendsListViewModel.Input) -> Recorders {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { _ in [.next(100, [Self.ada]), .completed(100)] }
    return run(service, clock: clock, input: input)
  }

  static func run(
    _ service: FakeFriendsService, clock: TestScheduler,
    input: (TestScheduler) -> FriendsListViewModel.Input = { _ in .init() }
  ) -> Recorders {
    let recorders = Recorders(
      cells: clock.createObserver([FriendCellType].self),
      loading: clock.createObserver(Bool.self),
      alerts: clock.createObserver(Alert.self),
      failures: clock.createObserver(FriendsListViewModel.LoadFailure?.self),
      routes: clock.createObserver(Route.self),
      selections: clock.createObserver(Int.self))
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = FriendsListViewModel(service: service, scheduler: clock).transform(input(clock))
      clock.scheduleAt(0) {
        output.cells.drive(recorders.cells).disposed(by: bag)
        output.isLoading.drive(recorders.loading).disposed(by: bag)
        output.alert.emit(to: recorders.alerts).disposed(by: bag)
        output.loadFailure.drive(recorders.failures).disposed(by: bag)
        output.route.emit(to: recorders.routes).disposed(by: bag)
        output.selection.emit(to: recorders.selections).disposed(by: bag)
      }
      clock.start()
    }
    return recorders
  }

  @Test func loadsWithASpinnerAndShowsACellPerFriend() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { _ in [.next(200, [Self.ada, Self.grace]), .completed(200)] }
    let run = Self.run(service, clock: clock)
    expectEqual(
      run.cells.events,
      [
        .next(200, [.normal(.init(friend: Self.ada)), .normal(.init(friend: Self.grace))])
      ])
    expectEqual(timeline(run.loading.events), ["true@0", "false@200"])
    #expect(run.alerts.events.isEmpty)
  }

  @Test func anEmptyListShowsTheEmptyCell() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { _ in [.next(100, []), .completed(100)] }
    let run = Self.run(service, clock: clock)
    expectEqual(run.cells.events, [.next(100, [.empty])])
    expectEqual(FriendCellType.emptyText, "No data available")
  }

  static func failure(_ text: String) -> FriendsListViewModel.LoadFailure {
    FriendsListViewModel.LoadFailure(text: text, retry: "Trying again every 5 s")
  }

  @Test func aFailedLoadIsTriedAgainEveryFiveSecondsUntilOneSucceeds() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { call in
      call < 2 ? [.error(100, Failure.offline)] : [.next(100, [Self.ada]), .completed(100)]
    }
    let run = Self.run(service, clock: clock)
    // Loads at 0, 5100 (5 s after the failure at 100) and 10200; the third succeeds at 10300,
    // and nothing is tried after it.
    expectEqual(
      run.cells.events,
      [
        .next(100, [.error("offline")]), .next(5_200, [.error("offline")]),
        .next(10_300, [.normal(.init(friend: Self.ada))]),
      ])
    expectEqual(
      run.failures.events,
      [
        .next(0, nil), .next(100, Self.failure("Could not load the friends: offline")),
        .next(10_300, nil),
      ])
    expectEqual(
      timeline(run.loading.events),
      [
        "true@0", "false@100", "true@5100", "false@5200", "true@10200", "false@10300",
      ])
    expectEqual(service.calls, [.records, .records, .records])
    #expect(run.alerts.events.isEmpty)
  }

  @Test func aLoadInBetweenStartsTheWaitAgainAndAFailedRefreshKeepsTheRows() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { call in
      call == 1 || call == 2
        ? [.error(100, Failure.offline)] : [.next(100, [Self.ada]), .completed(100)]
    }
    let run = Self.run(service, clock: clock) { clock in
      .init(
        refresh: clock.createHotObservable([.next(1_000, ()), .next(3_000, ())]).asObservable())
    }
    // The refresh at 1000 fails at 1100; the one at 3000 fails at 3100 and starts the wait
    // again: the next load is at 8100, not 6100, and succeeds.
    expectEqual(
      run.failures.events,
      [
        .next(0, nil), .next(1_100, Self.failure("Could not refresh: offline")), .next(8_200, nil),
      ])
    expectEqual(run.cells.events.last, .next(8_200, [.normal(.init(friend: Self.ada))]))
    let loads = run.loading.events.compactMap { $0.value.element == true ? $0.time : nil }
    expectEqual(loads, [0, 1_000, 3_000, 8_100])
  }

  @Test func aFailedLoadShowsTheErrorCellAndNoAlertThenRefreshRecovers() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { call in
      call == 0 ? [.error(100, Failure.offline)] : [.next(100, [Self.ada]), .completed(100)]
    }
    let run = Self.run(service, clock: clock) { clock in
      .init(refresh: clock.createHotObservable([.next(500, ())]).asObservable())
    }
    expectEqual(
      run.cells.events,
      [
        .next(100, [.error("offline")]), .next(600, [.normal(.init(friend: Self.ada))]),
      ])
    #expect(run.alerts.events.isEmpty)
    expectEqual(
      run.failures.events,
      [
        .next(0, nil), .next(100, Self.failure("Could not load the friends: offline")),
        .next(600, nil),
      ])
  }

  @Test func deletingAFriendReloadsTheListAndAFailedDeletionAlerts() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { call in
      call == 0
        ? [.next(100, [Self.ada, Self.grace]), .completed(100)]
        : [.next(100, [Self.grace]), .completed(100)]
    }
    service.removeResponse = { id in id == 1 ? [.completed(50)] : [.error(50, Failure.offline)] }
    let run = Self.run(service, clock: clock) { clock in
      .init(
        delete: clock.createHotObservable([
          .next(300, FriendCellViewModel(friend: Self.ada)),
          .next(600, FriendCellViewModel(friend: Self.grace)),
        ]).asObservable())
    }
    expectEqual(
      run.cells.events,
      [
        .next(100, [.normal(.init(friend: Self.ada)), .normal(.init(friend: Self.grace))]),
        .next(450, [.normal(.init(friend: Self.grace))]),
      ])
    expectEqual(
      run.alerts.events,
      [
        .next(650, Alert(title: "Could not delete Grace Hopper", message: "offline"))
      ])
    expectEqual(service.calls, [.records, .remove(id: 1), .records, .remove(id: 2)])
  }

  @Test func selectingAFriendOpensItsFormAndAddOpensAnEmptyOne() {
    let run = Self.runOverAda { clock in
      .init(
        select: clock.createHotObservable([.next(200, FriendCellViewModel(friend: Self.ada))])
          .asObservable(),
        addTaps: clock.createHotObservable([.next(300, ())]).asObservable())
    }
    expectEqual(
      run.routes.events, [.next(200, .show(.editFriend(id: 1))), .next(300, .show(.addFriend))])
  }

  @Test func aChangeFromElsewhereReloadsTheList() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordsResponse = { call in
      [.next(100, call == 0 ? [Self.ada] : [Self.ada, Self.grace]), .completed(100)]
    }
    clock.scheduleAt(1_000) { service.changes.accept(()) }
    let run = Self.run(service, clock: clock)
    expectEqual(run.cells.events.map(\.time), [100, 1_100])
    expectEqual(run.cells.events.last?.value.element?.count, 2)
  }
}

extension FriendsListViewModelTests {
  @Test func findingAFriendAndTheActivityLeaveTheFeatureAsItsOutwardRoutes() {
    let run = Self.runOverAda { clock in
      .init(
        findTaps: clock.createHotObservable([.next(200, ())]).asObservable(),
        activityTaps: clock.createHotObservable([.next(300, ())]).asObservable())
    }
    expectEqual(
      run.routes.events,
      [
        .next(200, Route(outward: FriendsOutward.find)),
        .next(300, Route(outward: FriendsOutward.activity)),
      ])
  }

  @Test func theFriendAFormHandsBackIsSelectedAndOtherResultsAreNot() {
    let run = Self.runOverAda { clock in
      .init(
        results: clock.createHotObservable([
          .next(200, SceneResult(FriendSaved(id: 4))), .next(300, SceneResult("another")),
          .next(400, SceneResult(FriendSaved(id: 9))),
        ]).asObservable())
    }
    expectEqual(run.selections.events, [.next(200, 4), .next(400, 9)])
  }
}
