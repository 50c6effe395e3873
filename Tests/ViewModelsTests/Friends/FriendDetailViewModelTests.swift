import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

@Suite @MainActor struct FriendDetailViewModelTests {
  static let ada = Friend(id: 1, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")
  static let renamed = Friend(
    id: 1, firstName: "Augusta", lastName: "King", phoneNumber: "555 0101")

  @Test func withoutRefreshTheFriendLoadsOnceAndCompletes() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordResponse = { _ in [.next(100, Self.ada), .completed(100)] }
    let friends = clock.createObserver(Friend.self)
    SharingScheduler.mock(scheduler: clock) {
      let output = FriendDetailViewModel(service: service, id: 1).transform(.init())
      let bag = DisposeBag()
      clock.scheduleAt(0) { output.friend.drive(friends).disposed(by: bag) }
      clock.start()
    }
    expectEqual(friends.events, [.next(100, Self.ada), .completed(100)])
  }

  @Test func eachRefreshLoadsTheFriendAgain() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordResponse = { _ in
      [.next(100, clock.clock < 500 ? Self.ada : Self.renamed), .completed(100)]
    }
    let friends = clock.createObserver(Friend.self)
    let loading = clock.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: clock) {
      let refresh = clock.createHotObservable([.next(600, ())])
      let output = FriendDetailViewModel(service: service, id: 1).transform(
        .init(refresh: refresh.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.friend.drive(friends).disposed(by: bag)
        output.isLoading.drive(loading).disposed(by: bag)
      }
      clock.advanceTo(1_000)
    }
    expectEqual(friends.events, [.next(100, Self.ada), .next(700, Self.renamed)])
    expectEqual(
      timeline(loading.events), ["true@0", "false@100", "true@600", "false@700"])
    expectEqual(service.calls, [.record(id: 1), .record(id: 1)])
  }

  @Test func aFriendThatNoLongerExistsSaysSoAndGoesBackOnce() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    // Loads until 500, deleted in another process then: later loads find nobody.
    service.recordResponse = { id in
      clock.clock < 500
        ? [.next(100, Self.ada), .completed(100)] : [.error(100, ServiceError.notFound(id: id))]
    }
    let friends = clock.createObserver(Friend.self)
    let errors = clock.createObserver(String.self)
    let routes = clock.createObserver(Route.self)
    SharingScheduler.mock(scheduler: clock) {
      let refresh = clock.createHotObservable([.next(600, ()), .next(800, ())])
      let output = FriendDetailViewModel(service: service, id: 1).transform(
        .init(refresh: refresh.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.friend.drive(friends).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.advanceTo(1_000)
    }
    expectEqual(friends.events, [.next(100, Self.ada)])
    expectEqual(
      errors.events,
      [
        .next(700, "This friend no longer exists."), .next(900, "This friend no longer exists."),
      ])
    expectEqual(routes.events, [.next(700, .back)])
  }

  /// A deletion tapped at 200 that takes `removal` ms, with the refresh it causes at 300
  /// finding nobody 50 ms later: what the screen is told.
  private func deletion(taking removal: Int) -> (
    routes: [Recorded<Event<Route>>], deleted: [Recorded<Event<Int>>],
    confirmations: [Recorded<Event<String>>], errors: [Recorded<Event<String>>]
  ) {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordResponse = { id in
      clock.clock < 300
        ? [.next(100, Self.ada), .completed(100)] : [.error(50, ServiceError.notFound(id: id))]
    }
    service.removeResponse = { _ in [.completed(removal)] }
    let routes = clock.createObserver(Route.self)
    let deleted = clock.createObserver(Int.self)
    let confirmations = clock.createObserver(String.self)
    let errors = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let deleteTaps = clock.createHotObservable([.next(200, ())])
      // The data changed signal that the deletion itself causes.
      let refresh = clock.createHotObservable([.next(300, ())])
      let output = FriendDetailViewModel(service: service, id: 1).transform(
        .init(deleteTaps: deleteTaps.asObservable(), refresh: refresh.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.route.emit(to: routes).disposed(by: bag)
        output.deleted.emit(to: deleted).disposed(by: bag)
        output.confirmation.emit(to: confirmations).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.advanceTo(1_000)
    }
    return (routes.events, deleted.events, confirmations.events, errors.events)
  }

  @Test func deletingTheFriendHereGoesBackOnceThoughTheRefreshFindsNobody() {
    let run = deletion(taking: 100)
    expectEqual(run.deleted, [.next(300, 1)])
    expectEqual(run.routes, [.next(300, .back)])
    expectEqual(run.confirmations, [.next(300, "Removed \(Self.ada.fullName)."), .completed(300)])
    // The friend gone after its own deletion is no failure.
    #expect(run.errors.isEmpty)
  }

  @Test func aRefreshThatFindsTheFriendGoneBeforeTheDeletionEndsConfirmsItOnce() {
    let run = deletion(taking: 500)
    expectEqual(run.routes, [.next(350, .back)])
    expectEqual(run.confirmations, [.next(350, "Removed \(Self.ada.fullName)."), .completed(350)])
    expectEqual(run.deleted, [.next(700, 1)])
    #expect(run.errors.isEmpty)
  }

  @Test func bothBackendsNotFoundErrorsAreRecognisedAndOthersAreNot() {
    #expect(isNotFound(ServiceError.notFound(id: 3)))
    #expect(!isNotFound(ServiceError.timedOut))
    #expect(!isNotFound(CancellationError()))
  }
}
