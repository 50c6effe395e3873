import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

/// A form made again after the session expired: it starts from the draft the last one kept,
/// and that draft still counts as unsaved.
@Suite @MainActor struct FriendFormRestoreTests {
  static let ada = Friend(id: 7, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")

  /// The form's first values, whether it is dirty, and its unsaved draft, for `mode`
  /// restoring `kept`, with the fields typed as `typed` from 200 ms.
  private func run(
    _ mode: FriendFormViewModel.Mode, restoring kept: FriendDraft?, typed: [FriendDraft]
  ) -> (initial: [FriendDraft], dirty: [Bool], unsaved: [FriendDraft?]) {
    let clock = TestScheduler.milliseconds()
    let service = FakeFriendsService(scheduler: clock)
    service.recordResponse = { _ in [.next(100, Self.ada), .completed(100)] }
    let initial = clock.createObserver(FriendDraft.self)
    let dirty = clock.createObserver(Bool.self)
    let unsaved = clock.createObserver(FriendDraft?.self)
    SharingScheduler.mock(scheduler: clock) {
      let events = typed.enumerated().map { Recorded.next(200 + $0.offset * 10, $0.element) }
      let fields = clock.createHotObservable(events).asObservable()
      let output = FriendFormViewModel(service: service, mode: mode, restoring: kept).transform(
        .init(
          firstName: fields.map(\.firstName), lastName: fields.map(\.lastName),
          phoneNumber: fields.map(\.phoneNumber)))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.initialValues.drive(initial).disposed(by: bag)
        output.isDirty.drive(dirty).disposed(by: bag)
        output.unsavedDraft.drive(unsaved).disposed(by: bag)
      }
      clock.start()
    }
    return (
      initial.events.compactMap(\.value.element), dirty.events.compactMap(\.value.element),
      unsaved.events.compactMap(\.value.element)
    )
  }

  @Test func anEditFormStartsFromTheKeptDraftAndItStaysUnsaved() {
    let kept = FriendDraft(firstName: "Ada ", lastName: "Byron", phoneNumber: "555 0101")
    let result = run(.edit(id: 7), restoring: kept, typed: [kept])
    expectEqual(result.initial, [kept])
    expectEqual(result.dirty, [false, true])
    // As typed, spaces and all, for the next form to restore.
    expectEqual(result.unsaved, [nil, kept])
  }

  @Test func typingBackTheLoadedValuesLeavesNothingToKeep() {
    let kept = FriendDraft(firstName: "Ada", lastName: "Byron", phoneNumber: "555 0101")
    let result = run(.edit(id: 7), restoring: kept, typed: [kept, Self.ada.draft])
    expectEqual(result.unsaved, [nil, kept, nil])
  }

  @Test func anAddFormWithoutAKeptDraftStartsEmpty() {
    let typed = FriendDraft(firstName: "Alan", lastName: "", phoneNumber: "")
    let empty = FriendDraft(firstName: "", lastName: "", phoneNumber: "")
    let result = run(.add, restoring: nil, typed: [empty, typed])
    expectEqual(result.initial, [empty])
    // The empty fields typed first are no change.
    expectEqual(result.unsaved, [nil, typed])
  }
}
