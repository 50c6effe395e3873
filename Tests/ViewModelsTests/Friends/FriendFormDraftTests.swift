import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The form given whole drafts at once, as a command line gives them.
@Suite @MainActor struct FriendFormDraftTests {
  typealias Form = FriendFormViewModel

  static let ada = Friend(
    id: 7, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101", revision: 3)

  /// The outcomes of `drafts` given to a form in `mode`, and the service's calls.
  private func outcomes(
    _ mode: Form.Mode, drafts: [Recorded<Event<FriendDraft>>],
    configure: (FakeFriendsService) -> Void = { _ in }
  ) -> (events: [Recorded<Event<Form.SaveOutcome>>], calls: [FakeFriendsService.Call]) {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    configure(service)
    let observer = clock.createObserver(Form.SaveOutcome.self)
    SharingScheduler.mock(scheduler: clock) {
      let output = Form(service: service, mode: mode).transform(
        .init(drafts: clock.createHotObservable(drafts).asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) { output.outcome.emit(to: observer).disposed(by: bag) }
      clock.start()
    }
    return (observer.events, service.calls)
  }

  @Test func aDraftIsRefusedWithEachFieldsMessageOrSavedTrimmed() {
    let bad = FriendDraft(firstName: " ", lastName: "Lovelace", phoneNumber: "12")
    let good = FriendDraft(firstName: " Ada ", lastName: "Lovelace", phoneNumber: "555 0101")
    let run = outcomes(.add, drafts: [.next(100, bad), .next(200, good)]) { service in
      service.addResponse = { [.next(50, Friend(id: 9, draft: $0)), .completed(50)] }
    }
    expectEqual(
      run.events,
      [
        .next(
          100,
          .refused([
            .firstName: "Enter a first name.", .phoneNumber: "A phone number needs 7 to 15 digits.",
          ])),
        .next(250, .saved(Friend(id: 9, draft: good.trimmed))),
      ])
    expectEqual(run.calls, [.add(good.trimmed)])
  }

  @Test func anEditSavesTheDraftFromTheLoadedRevisionAndAStaleOneIsAConflict() {
    var mine = Self.ada.draft
    mine.firstName = "Augusta"
    let run = outcomes(.edit(id: 7), drafts: [.next(5, mine), .next(200, mine)]) { service in
      service.recordResponse = { _ in [.next(100, Self.ada), .completed(100)] }
      service.updateResponse = { [.error(10, ServiceError.changedElsewhere(id: $0.id))] }
    }
    expectEqual(
      run.events,
      [
        .next(5, .failed("The friend is not loaded yet.")),
        .next(210, .conflict("Ada Lovelace was changed elsewhere")),
      ])
    expectEqual(run.calls, [.record(id: 7), .update(Friend(id: 7, draft: mine, revision: 3))])
  }

  @Test func aFieldsMessageIsTheFormsAndTextsFillADraftOverItsBase() {
    expectEqual(Form.message(for: .phoneNumber, "12"), "A phone number needs 7 to 15 digits.")
    #expect(Form.message(for: .firstName, " Ada ") == nil)
    expectEqual(
      Form.draft([.phoneNumber: "555 0199"], over: Self.ada.draft),
      FriendDraft(firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0199"))
  }
}
