import Models
import Navigator
import ReactiveCore
import ReactiveTesting
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
    service.friendResponse = { _ in [.next(100, Self.ada), .completed(100)] }
    let friends = clock.createObserver(Friend.self)
    SharingScheduler.mock(scheduler: clock) {
      let output = FriendDetailViewModel(service: service, id: 1).transform(.init())
      let bag = DisposeBag()
      clock.scheduleAt(0) { output.friend.drive(friends).disposed(by: bag) }
      clock.start()
    }
    #expect(friends.events == [.next(100, Self.ada), .completed(100)])
  }

  @Test func eachRefreshLoadsTheFriendAgain() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.friendResponse = { _ in
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
    #expect(friends.events == [.next(100, Self.ada), .next(700, Self.renamed)])
    #expect(
      timeline(loading.events) == ["true@0", "false@100", "true@600", "false@700"])
    #expect(service.calls == [.friend(id: 1), .friend(id: 1)])
  }
}
