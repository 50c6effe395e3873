import Foundation
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// A draft with a required text and an optional integer, for the form's tests.
struct ShelfDraft: DeclaredDraft {
  typealias Record = Shelf
  static var recordWord: String { "shelf" }
  static var fields: [Field<ShelfDraft>] {
    [
      Field(\.name, "name", rules: [.required, .maximumLength(10)]),
      Field(\.quantity, "quantity", rules: [.range(0...100)]),
    ]
  }
  var name = ""
  var quantity: Int?
}

@dynamicMemberLookup
struct Shelf: DeclaredRecord {
  typealias Draft = ShelfDraft
  static let collectionName = "shelves"
  let contents: RecordContents<ShelfDraft>
}

extension Shelf {
  init(id: Int, name: String, quantity: Int? = nil, revision: Int = 1) {
    var draft = ShelfDraft()
    draft.name = name
    draft.quantity = quantity
    self.init(id: id, draft: draft, revision: revision, createdAt: Date(timeIntervalSince1970: 0))
  }
}

/// The form of declared fields, on a virtual clock where one tick is a millisecond, over a
/// fake service whose calls take 100 ms.
@Suite @MainActor struct RecordFormViewModelTests {
  typealias Form = RecordFormViewModel<Shelf>

  struct Run {
    var nameMessages: TestableObserver<String?>
    var quantityMessages: TestableObserver<String?>
    var quantityTexts: TestableObserver<String>
    var enabled: TestableObserver<Bool>
    var outcomes: TestableObserver<Form.SaveOutcome>
    var conflicts: TestableObserver<String?>
    var errors: TestableObserver<String>
    var routes: TestableObserver<Route>
    var savedMessages: TestableObserver<String>
  }

  static func run(
    _ clock: TestScheduler, _ service: InMemoryRecordsService<Shelf>, mode: Form.Mode = .add,
    name: [Recorded<Event<String>>] = [], quantity: [Recorded<Event<String>>] = [],
    saveTaps: [Recorded<Event<Void>>] = [], left: [Recorded<Event<String>>] = [],
    drafts: [Recorded<Event<ShelfDraft>>] = []
  ) -> Run {
    let run = Run(
      nameMessages: clock.createObserver(String?.self),
      quantityMessages: clock.createObserver(String?.self),
      quantityTexts: clock.createObserver(String.self), enabled: clock.createObserver(Bool.self),
      outcomes: clock.createObserver(Form.SaveOutcome.self),
      conflicts: clock.createObserver(String?.self), errors: clock.createObserver(String.self),
      routes: clock.createObserver(Route.self), savedMessages: clock.createObserver(String.self))
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = Form(service: service, mode: mode).transform(
        .init(
          fields: [
            "name": clock.createHotObservable(name).asObservable(),
            "quantity": clock.createHotObservable(quantity).asObservable(),
          ],
          saveTaps: clock.createHotObservable(saveTaps).asObservable(),
          leftFields: clock.createHotObservable(left).asObservable(),
          drafts: clock.createHotObservable(drafts).asObservable()))
      clock.scheduleAt(0) {
        output.messages["name"]?.drive(run.nameMessages).disposed(by: bag)
        output.messages["quantity"]?.drive(run.quantityMessages).disposed(by: bag)
        output.initialTexts["quantity"]?.drive(run.quantityTexts).disposed(by: bag)
        output.isSaveEnabled.drive(run.enabled).disposed(by: bag)
        output.outcome.emit(to: run.outcomes).disposed(by: bag)
        output.conflict.drive(run.conflicts).disposed(by: bag)
        output.errorMessage.emit(to: run.errors).disposed(by: bag)
        output.route.emit(to: run.routes).disposed(by: bag)
        output.savedMessage.emit(to: run.savedMessages).disposed(by: bag)
      }
      clock.start()
    }
    return run
  }

  @Test func eachFieldHasItsMessageOnceLeftAndAWrongTypeIsOne() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    let run = Self.run(
      clock, service, name: [.next(100, "  "), .next(500, " jam ")],
      quantity: [.next(200, "abc"), .next(400, "300"), .next(600, "3")],
      left: [.next(150, "name"), .next(300, "quantity")])

    expectEqual(
      run.nameMessages.events,
      [
        .next(0, nil), .next(150, "Name cannot be empty."), .next(500, nil),
      ])
    expectEqual(
      run.quantityMessages.events,
      [
        .next(0, nil), .next(300, "Quantity must be an integer, or nothing, got 'abc'."),
        .next(400, "Quantity must be from 0 to 100."), .next(600, nil),
      ])
    expectEqual(run.enabled.events, [.next(0, false), .next(600, true)])
    expectEqual(run.quantityTexts.events, [.next(0, ""), .completed(0)])
    #expect(service.calls.isEmpty)
  }

  @Test func aTextThatStaysRefusedWhileTypedShowsItsMessageAfterAPause() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    // Each field's first text is the one it opened with; what follows is typed.
    let run = Self.run(
      clock, service, name: [.next(10, ""), .next(100, "j"), .next(200, "")],
      quantity: [.next(10, ""), .next(100, "5"), .next(200, "500"), .next(400, "50")])
    // Emptied, and left so for the pause: the message shows, and then follows the text.
    expectEqual(run.nameMessages.events, [.next(0, nil), .next(700, "Name cannot be empty.")])
    // Made right before the pause was over: nothing shows.
    expectEqual(run.quantityMessages.events, [.next(0, nil)])
    #expect(service.calls.isEmpty)
  }

  @Test func aTapSavesTheFieldsReadByTheirTypes() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    let run = Self.run(
      clock, service, name: [.next(100, " jam ")], quantity: [.next(100, "2")],
      saveTaps: [.next(200, ()), .next(250, ())])

    expectEqual(service.items.map(\.draft), [Shelf(id: 1, name: "jam", quantity: 2).draft])
    expectEqual(run.outcomes.events, service.items.map { .next(300, .saved($0)) })
    expectEqual(run.routes.events, [.next(300, .back)])
    // One add: a second save of the same form updates what the first added.
    expectEqual(run.savedMessages.events, [.next(300, "Added jam.")])
  }

  @Test func aFormThatAddsEachTimeStartsAgainEmptyAndAddsAnewOnEachSave() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    let run = Self.run(
      clock, service, mode: .addEach, name: [.next(100, "jam"), .next(400, "flour")],
      quantity: [.next(100, "2"), .next(350, "")], saveTaps: [.next(200, ()), .next(500, ())])

    expectEqual(
      service.items.map(\.draft),
      [
        Shelf(id: 1, name: "jam", quantity: 2).draft, Shelf(id: 2, name: "flour").draft,
      ])
    expectEqual(run.savedMessages.events, [.next(300, "Added jam."), .next(600, "Added flour.")])
    // The fields start again from the empty draft after each save.
    expectEqual(run.quantityTexts.events, [.next(0, ""), .next(300, ""), .next(600, "")])
  }

  @Test func aFormEmptiedAfterItsSaveShowsNoMessagesUntilUsedAgain() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    // The screen empties the name once the first entry is added; a later save is refused.
    let run = Self.run(
      clock, service, mode: .addEach, name: [.next(100, "jam"), .next(310, "")],
      saveTaps: [.next(200, ()), .next(2_000, ())])
    expectEqual(run.nameMessages.events, [.next(0, nil), .next(2_000, "Name cannot be empty.")])
    expectEqual(service.items.count, 1)
  }

  @Test func aWholeDraftIsRefusedWithEachFieldsMessageOrSaved() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    var bad = ShelfDraft()
    bad.quantity = -1
    var good = ShelfDraft()
    good.name = " flour "
    let run = Self.run(clock, service, drafts: [.next(100, bad), .next(200, good)])

    expectEqual(run.outcomes.events.count, 2)
    expectEqual(
      run.outcomes.events.first,
      .next(
        100,
        .refused([
          "name": "Name cannot be empty.", "quantity": "Quantity must be from 0 to 100.",
        ])))
    expectEqual(run.nameMessages.events, [.next(0, nil), .next(100, "Name cannot be empty.")])
    expectEqual(service.items.map(\.name), ["flour"])
    expectEqual(service.calls.count, 1)
  }

  @Test func anEditLoadsTheRecordAndAStaleSaveIsAConflict() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(
      scheduler: clock, items: [Shelf(id: 3, name: "jam", quantity: 4)])
    var draft = ShelfDraft()
    draft.name = "honey"
    // Changed elsewhere at 150 ms, after the form loaded it.
    clock.scheduleAt(150) {
      _ = service.update(Shelf(id: 3, name: "jam", quantity: 5)).subscribe()
    }
    let run = Self.run(clock, service, mode: .edit(id: 3), drafts: [.next(300, draft)])

    expectEqual(run.quantityTexts.events, [.next(100, "4"), .completed(100)])
    expectEqual(run.outcomes.events, [.next(400, .conflict("Shelf 3 was changed elsewhere."))])
    expectEqual(
      run.conflicts.events, [.next(0, nil), .next(400, "Shelf 3 was changed elsewhere.")])
    expectEqual(Form.title(for: .edit(id: 3)), "Edit shelf")
  }

  @Test func anEditOfARecordThatIsNotThereSaysSo() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(scheduler: clock)
    let run = Self.run(clock, service, mode: .edit(id: 9))

    expectEqual(run.errors.events, [.next(100, "No shelf has the id 9.")])
  }
}

/// The list of declared records, on the same virtual clock and fake.
@Suite @MainActor struct RecordListViewModelTests {
  typealias List = RecordListViewModel<Shelf>

  @Test func itLoadsRemovesAndNamesEachRecordByItsFirstField() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Shelf>(
      scheduler: clock, items: [Shelf(id: 1, name: "jam"), Shelf(id: 2, name: "honey")])
    let names = clock.createObserver([String]?.self)
    let summaries = clock.createObserver(String.self)
    let confirmations = clock.createObserver(String.self)
    let errors = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = List(service: service).transform(
        .init(removals: clock.createHotObservable([.next(200, 1), .next(500, 7)]).asObservable()))
      clock.scheduleAt(0) {
        output.items.map { $0?.map(List.title) }.drive(names).disposed(by: bag)
        output.summary.drive(summaries).disposed(by: bag)
        output.confirmation.emit(to: confirmations).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(
      names.events, [.next(0, nil), .next(100, ["jam", "honey"]), .next(400, ["honey"])])
    expectEqual(
      summaries.events, [.next(0, "Loading…"), .next(100, "2 shelves"), .next(400, "1 shelf")])
    expectEqual(confirmations.events, [.next(300, "Removed jam.")])
    expectEqual(errors.events, [.next(600, "No shelf has the id 7.")])
  }

  @Test func theQuestionBeforeARemovalNamesTheRecordAsTheFriendsListDoes() {
    let question = List.deletionQuestion(for: Shelf(id: 1, name: "jam"))
    expectEqual(question.title, "Delete shelf")
    expectEqual(question.message, "Delete jam? This cannot be undone.")
    expectEqual([question.confirm, question.cancel], ["Delete", "Keep"])
  }

  @Test func aRecordWithoutATitleIsNamedByItsWordAndId() {
    expectEqual(List.title(of: Shelf(id: 4, name: "")), "shelf 4")
    expectEqual(List.summary(count: 0), "No shelves yet.")
  }
}
