import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The edit form when the friend was changed elsewhere after the form loaded it.
@Suite @MainActor struct FriendFormConflictTests {
  static let ada = Friend(
    id: 7, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101", revision: 3)
  /// The friend as another process saved it meanwhile.
  static let elsewhere = Friend(
    id: 7, firstName: "Augusta", lastName: "Lovelace", phoneNumber: "555 0101", revision: 4)

  /// A service whose `update` refuses any revision but `current`'s, as the real ones do,
  /// and whose `friend(id:)` answers the friend as loaded first, then `current`.
  private func service(_ clock: TestScheduler) -> FakeFriendsService {
    let service = FakeFriendsService(scheduler: clock)
    var loads = 0
    service.friendResponse = { _ in
      loads += 1
      let friend = loads == 1 ? Self.ada : Self.elsewhere
      return [.next(100, friend), .completed(100)]
    }
    service.updateResponse = { friend in
      guard friend.revision == Self.elsewhere.revision else {
        return [.error(100, ServiceError.changedElsewhere(id: friend.id))]
      }
      var saved = friend
      saved.revision += 1
      return [.next(100, saved), .completed(100)]
    }
    return service
  }

  @Test func aStaleSaveSaysWhoChangedAndReloadFillsTheFormWithTheCurrentFriend() {
    let clock = TestScheduler.milliseconds()
    let service = service(clock)
    let conflicts = clock.createObserver(String?.self)
    let initial = clock.createObserver(FriendDraft.self)
    let dirty = clock.createObserver(Bool.self)
    let errors = clock.createObserver(String.self)
    let routes = clock.createObserver(Route.self)
    SharingScheduler.mock(scheduler: clock) {
      let first = clock.createHotObservable([.next(50, "Ada"), .next(700, "Augusta")])
      let phone = clock.createHotObservable([
        .next(50, "555 0101"), .next(200, "555 0199"), .next(700, "555 0101"),
      ])
      let saves = clock.createHotObservable([.next(300, ())])
      let reloads = clock.createHotObservable([.next(500, ())])
      let output = FriendFormViewModel(service: service, mode: .edit(id: 7)).transform(
        .init(
          firstName: first.asObservable(), lastName: .just("Lovelace"),
          phoneNumber: phone.asObservable(), saveTaps: saves.asObservable(),
          reloadTaps: reloads.asObservable(), overwriteTaps: .never()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.conflict.drive(conflicts).disposed(by: bag)
        output.initialValues.drive(initial).disposed(by: bag)
        output.isDirty.drive(dirty).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }
    #expect(
      conflicts.events == [
        .next(0, nil), .next(400, "Ada Lovelace was changed elsewhere"), .next(500, nil),
      ])
    #expect(initial.events == [.next(100, Self.ada.draft), .next(600, Self.elsewhere.draft)])
    // Dirty from the phone's change until the reload; then the front types the reloaded
    // values in (at 700), and the form is clean.
    #expect(timeline(dirty.events) == ["false@0", "true@200", "false@700"])
    #expect(errors.events.isEmpty)
    #expect(routes.events.isEmpty)
    var mine = Self.ada
    mine.phoneNumber = "555 0199"
    #expect(service.calls == [.friend(id: 7), .update(mine), .friend(id: 7)])
  }

  @Test func overwriteSavesTheFormOverTheCurrentRevisionAndRoutesBack() {
    let clock = TestScheduler.milliseconds()
    let service = service(clock)
    let conflicts = clock.createObserver(String?.self)
    let saved = clock.createObserver(Friend.self)
    let routes = clock.createObserver(Route.self)
    SharingScheduler.mock(scheduler: clock) {
      let phone = clock.createHotObservable([.next(50, "555 0101"), .next(200, "555 0199")])
      let saves = clock.createHotObservable([.next(300, ())])
      let overwrites = clock.createHotObservable([.next(500, ())])
      let output = FriendFormViewModel(service: service, mode: .edit(id: 7)).transform(
        .init(
          firstName: .just("Ada"), lastName: .just("Lovelace"),
          phoneNumber: phone.asObservable(), saveTaps: saves.asObservable(),
          reloadTaps: .never(), overwriteTaps: overwrites.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.conflict.drive(conflicts).disposed(by: bag)
        output.saved.emit(to: saved).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }
    var mine = Self.ada
    mine.phoneNumber = "555 0199"
    var over = mine
    over.revision = Self.elsewhere.revision
    var result = over
    result.revision += 1
    #expect(
      conflicts.events == [
        .next(0, nil), .next(400, "Ada Lovelace was changed elsewhere"), .next(500, nil),
      ])
    // The current friend is read at 500 (answered at 600), then saved over at 700.
    #expect(saved.events == [.next(700, result)])
    #expect(routes.events == [.next(700, .back)])
    #expect(
      service.calls == [.friend(id: 7), .update(mine), .friend(id: 7), .update(over)])
  }
}
