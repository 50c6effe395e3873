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
    service.recordResponse = { _ in
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
    expectEqual(
      conflicts.events,
      [
        .next(0, nil), .next(400, "Ada Lovelace was changed elsewhere"), .next(500, nil),
      ])
    expectEqual(initial.events, [.next(100, Self.ada.draft), .next(600, Self.elsewhere.draft)])
    // Dirty from the phone's change until the reload; then the front types the reloaded
    // values in (at 700), and the form is clean.
    expectEqual(timeline(dirty.events), ["false@0", "true@200", "false@700"])
    #expect(errors.events.isEmpty)
    #expect(routes.events.isEmpty)
    var mine = Self.ada
    mine.phoneNumber = "555 0199"
    expectEqual(service.calls, [.record(id: 7), .update(mine), .record(id: 7)])
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
    expectEqual(
      conflicts.events,
      [
        .next(0, nil), .next(400, "Ada Lovelace was changed elsewhere"), .next(500, nil),
      ])
    // The current friend is read at 500 (answered at 600), then saved over at 700.
    expectEqual(saved.events, [.next(700, result)])
    expectEqual(routes.events, [.next(700, .backWithResult(SceneResult(FriendSaved(id: 7))))])
    expectEqual(
      service.calls, [.record(id: 7), .update(mine), .record(id: 7), .update(over)])
  }

  /// A service that stores one friend, Ada at revision 3, refuses an update of any other
  /// revision, and bumps the revision at each write; an add stores the new friend as id 7.
  private func storingService(_ clock: TestScheduler) -> FakeFriendsService {
    let service = FakeFriendsService(scheduler: clock)
    var stored = Self.ada
    service.recordResponse = { _ in [.next(100, stored), .completed(100)] }
    service.addResponse = { draft in
      stored = Friend(id: 7, draft: draft, revision: Friend.firstRevision)
      return [.next(100, stored), .completed(100)]
    }
    service.updateResponse = { friend in
      guard friend.revision == stored.revision else {
        return [.error(100, ServiceError.changedElsewhere(id: friend.id))]
      }
      stored = friend
      stored.revision += 1
      return [.next(100, stored), .completed(100)]
    }
    return service
  }

  @Test func aFormThatSavesTwiceSavesFromItsOwnFirstSave() {
    let clock = TestScheduler.milliseconds()
    let service = storingService(clock)
    let conflicts = clock.createObserver(String?.self)
    let saved = clock.createObserver(Int.self)
    SharingScheduler.mock(scheduler: clock) {
      let phone = clock.createHotObservable([
        .next(50, "555 0101"), .next(200, "555 0199"), .next(450, "555 0142"),
      ])
      let saves = clock.createHotObservable([.next(300, ()), .next(500, ())])
      let output = FriendFormViewModel(service: service, mode: .edit(id: 7)).transform(
        .init(
          firstName: .just("Ada"), lastName: .just("Lovelace"),
          phoneNumber: phone.asObservable(), saveTaps: saves.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.conflict.drive(conflicts).disposed(by: bag)
        output.saved.map(\.revision).emit(to: saved).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(conflicts.events, [.next(0, nil)])
    expectEqual(saved.events, [.next(400, 4), .next(600, 5)])
    var first = Self.ada
    first.phoneNumber = "555 0199"
    var second = first
    second.phoneNumber = "555 0142"
    second.revision = 4
    expectEqual(service.calls, [.record(id: 7), .update(first), .update(second)])
  }

  @Test func anAddFormThatSavesTwiceUpdatesTheFriendItAdded() {
    let clock = TestScheduler.milliseconds()
    let service = storingService(clock)
    let saved = clock.createObserver(Friend.self)
    let errors = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let phone = clock.createHotObservable([.next(50, "555 0101"), .next(450, "555 0142")])
      let saves = clock.createHotObservable([.next(300, ()), .next(500, ())])
      let output = FriendFormViewModel(service: service, mode: .add).transform(
        .init(
          firstName: .just("Grace"), lastName: .just("Hopper"),
          phoneNumber: phone.asObservable(), saveTaps: saves.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.saved.emit(to: saved).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.start()
    }
    let draft = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0101")
    let added = Friend(id: 7, draft: draft, revision: Friend.firstRevision)
    var changed = added
    changed.phoneNumber = "555 0142"
    var stored = changed
    stored.revision += 1
    expectEqual(saved.events, [.next(400, added), .next(600, stored)])
    #expect(errors.events.isEmpty)
    expectEqual(service.calls, [.add(draft), .update(changed)])
  }
}
