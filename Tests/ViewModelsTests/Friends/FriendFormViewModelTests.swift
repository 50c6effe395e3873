import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

@Suite @MainActor struct FriendFormViewModelTests {
  enum Failure: Error { case conflict }

  static let ada = Friend(id: 7, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")

  @Test func fieldsAreValidatedAsYouTypeAndSaveIsEnabledOnlyWhenAllAreValid() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    let enabled = clock.createObserver(Bool.self)
    let phoneMessages = clock.createObserver(String?.self)
    SharingScheduler.mock(scheduler: clock) {
      let first = clock.createHotObservable([.next(100, "Ada")])
      let last = clock.createHotObservable([.next(100, ""), .next(200, "Lovelace")])
      let phone = clock.createHotObservable([.next(100, "55"), .next(300, "555 0101")])
      // Every field was left at once: their messages follow the text from the start.
      let output = FriendFormViewModel(service: service, mode: .add).transform(
        .init(
          firstName: first.asObservable(), lastName: last.asObservable(),
          phoneNumber: phone.asObservable(), saveTaps: .never(),
          leftFields: .from(FriendFormViewModel.Field.allCases)))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.isSaveEnabled.drive(enabled).disposed(by: bag)
        output.phoneNumberMessage.drive(phoneMessages).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(timeline(enabled.events), ["false@100", "true@300"])
    expectEqual(
      phoneMessages.events,
      [
        .next(100, Validation.phoneNumber("55").message), .next(300, nil),
      ])
    #expect(service.calls.isEmpty)
  }

  /// Each field's message, on a form whose fields are typed in as given, left at `left` and
  /// saved at `taps`.
  private func messages(
    first: [Recorded<Event<String>>], last: [Recorded<Event<String>>],
    phone: [Recorded<Event<String>>],
    left: [Recorded<Event<FriendFormViewModel.Field>>] = [], taps: [Recorded<Event<Void>>] = []
  ) -> (first: [String], last: [String], phone: [String], calls: [FakeFriendsService.Call]) {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    let observers = (0..<3).map { _ in clock.createObserver(String?.self) }
    SharingScheduler.mock(scheduler: clock) {
      let output = FriendFormViewModel(service: service, mode: .add).transform(
        .init(
          firstName: clock.createHotObservable(first).asObservable(),
          lastName: clock.createHotObservable(last).asObservable(),
          phoneNumber: clock.createHotObservable(phone).asObservable(),
          saveTaps: clock.createHotObservable(taps).asObservable(),
          leftFields: clock.createHotObservable(left).asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.firstNameMessage.drive(observers[0]).disposed(by: bag)
        output.lastNameMessage.drive(observers[1]).disposed(by: bag)
        output.phoneNumberMessage.drive(observers[2]).disposed(by: bag)
      }
      clock.start()
    }
    let texts = observers.map { observer in
      observer.events.compactMap { recorded -> String? in
        guard case .next(let message) = recorded.value else { return nil }
        return "\(message ?? "none")@\(recorded.time)"
      }
    }
    return (texts[0], texts[1], texts[2], service.calls)
  }

  @Test func aNewFormShowsNoMessageBeforeAFieldIsLeft() {
    let shown = messages(
      first: [.next(10, ""), .next(100, "A")], last: [.next(10, "")], phone: [.next(10, "")])
    expectEqual(shown.first, ["none@10"])
    expectEqual(shown.last, ["none@10"])
    expectEqual(shown.phone, ["none@10"])
  }

  @Test func aFieldsMessageShowsOnceItIsLeftAndThenFollowsTheText() {
    let empty = Validation.lastName("").message!
    let short = Validation.phoneNumber("55").message!
    let shown = messages(
      first: [.next(10, ""), .next(100, "Ada")],
      last: [.next(10, "")],
      phone: [.next(10, ""), .next(300, "55"), .next(600, "555 0101")],
      left: [.next(150, .firstName), .next(200, .lastName), .next(400, .phoneNumber)])
    // The first name was valid when it was left; the last name empty.
    expectEqual(shown.first, ["none@10"])
    expectEqual(shown.last, ["none@10", "\(empty)@200"])
    // Typed in first, left at 400 with too few digits, then made right.
    expectEqual(shown.phone, ["none@10", "\(short)@400", "none@600"])
  }

  @Test func aTextThatStaysRefusedWhileTypedShowsItsMessageAfterAPauseAndThenFollowsIt() {
    let pasted = String(repeating: "a", count: 1_200)
    let tooLong = Validation.firstName(pasted).message!
    let short = Validation.phoneNumber("555555").message!
    expectEqual(FieldMessages.typingPause, .milliseconds(500))
    let shown = messages(
      // A pasted name too long, and nothing more.
      first: [.next(10, ""), .next(100, pasted)],
      // Refused, then made right before the pause was over: nothing shows.
      last: [.next(10, ""), .next(100, " "), .next(300, "Lovelace")],
      // Typed digit by digit, one short, then the seventh, then one taken back.
      phone: [
        .next(10, ""), .next(100, "5"), .next(200, "55555"), .next(300, "555555"),
        .next(900, "5555555"), .next(1_000, "555555"),
      ])
    expectEqual(shown.first, ["none@10", "\(tooLong)@600"])
    expectEqual(shown.last, ["none@10"])
    expectEqual(shown.phone, ["none@10", "\(short)@800", "none@900", "\(short)@1000"])
    #expect(shown.calls.isEmpty)
  }

  @Test func aSaveTriedOnFieldsThatAreNotValidShowsEveryMessageAndSavesNothing() {
    let shown = messages(
      first: [.next(10, "Ada")], last: [.next(10, "")], phone: [.next(10, "")],
      taps: [.next(500, ())])
    expectEqual(shown.first, ["none@10"])
    expectEqual(shown.last, ["none@10", "\(Validation.lastName("").message!)@500"])
    expectEqual(shown.phone, ["none@10", "\(Validation.phoneNumber("").message!)@500"])
    #expect(shown.calls.isEmpty)
  }

  @Test func editingLoadsTheFriendSavesWithASpinnerAndRoutesBack() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordResponse = { _ in [.next(100, Self.ada), .completed(100)] }
    service.updateResponse = { friend in [.next(200, friend), .completed(200)] }
    let initial = clock.createObserver(FriendDraft.self)
    let loading = clock.createObserver(Bool.self)
    let saved = clock.createObserver(Friend.self)
    let routes = clock.createObserver(Route.self)
    let messages = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let phone = clock.createHotObservable([.next(300, "555 0199")])
      let taps = clock.createHotObservable([.next(400, ()), .next(450, ())])
      let output = FriendFormViewModel(service: service, mode: .edit(id: 7)).transform(
        .init(
          firstName: .just("Ada"), lastName: .just("Lovelace"), phoneNumber: phone.asObservable(),
          saveTaps: taps.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.initialValues.drive(initial).disposed(by: bag)
        output.isLoading.drive(loading).disposed(by: bag)
        output.saved.emit(to: saved).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
        output.savedMessage.emit(to: messages).disposed(by: bag)
      }
      clock.start()
    }
    let changed = Friend(id: 7, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0199")
    expectEqual(initial.events, [.next(100, Self.ada.draft), .completed(100)])
    expectEqual(timeline(loading.events), ["true@0", "false@100", "true@400", "false@600"])
    expectEqual(saved.events, [.next(600, changed)])
    // Back to the list, handing it the friend to select, and what to say.
    expectEqual(routes.events, [.next(600, .backWithResult(SceneResult(FriendSaved(id: 7))))])
    expectEqual(messages.events, [.next(600, "Saved Ada Lovelace.")])
    expectEqual(service.calls, [.record(id: 7), .update(changed)])
  }

  @Test func aFailedSaveShowsTheErrorAndStaysOnTheForm() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.addResponse = { _ in [.error(100, Failure.conflict)] }
    let errors = clock.createObserver(String.self)
    let routes = clock.createObserver(Route.self)
    SharingScheduler.mock(scheduler: clock) {
      let taps = clock.createHotObservable([.next(200, ())])
      let output = FriendFormViewModel(service: service, mode: .add).transform(
        .init(
          firstName: .just(" Grace "), lastName: .just("Hopper"), phoneNumber: .just("555 0102"),
          saveTaps: taps.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(errors.events, [.next(300, "Could not save: conflict")])
    #expect(routes.events.isEmpty)
    // The draft was trimmed before it was sent.
    expectEqual(
      service.calls,
      [
        .add(FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0102"))
      ])
  }

  @Test func theFormIsDirtyWhileItsFieldsDifferFromTheLoadedOrSavedValues() {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordResponse = { _ in [.next(100, Self.ada), .completed(100)] }
    service.updateResponse = { friend in [.next(50, friend), .completed(50)] }
    let dirty = clock.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: clock) {
      // The fields are filled with the loaded values at 100.
      let first = clock.createHotObservable([
        .next(0, ""), .next(100, "Ada"),
        .next(200, "Augusta"),  // changed
        .next(300, "Ada "),  // back to what was loaded, but for a space
        .next(400, "Augusta"),  // changed again, then saved at 500 (done at 550)
      ])
      let last = clock.createHotObservable([.next(0, ""), .next(100, "Lovelace")])
      let phone = clock.createHotObservable([.next(0, ""), .next(100, "555 0101")])
      let saves = clock.createHotObservable([.next(500, ())])
      let output = FriendFormViewModel(service: service, mode: .edit(id: 7)).transform(
        .init(
          firstName: first.asObservable(), lastName: last.asObservable(),
          phoneNumber: phone.asObservable(), saveTaps: saves.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) { output.isDirty.drive(dirty).disposed(by: bag) }
      clock.start()
    }
    expectEqual(
      timeline(dirty.events), ["false@0", "true@200", "false@300", "true@400", "false@550"])
  }
}
