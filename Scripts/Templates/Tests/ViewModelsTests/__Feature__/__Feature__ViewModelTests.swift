import Foundation
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The __phrase__ screen, on a virtual clock where one tick is a millisecond, over a fake
/// service whose calls take 100 ms.
@Suite @MainActor struct __Feature__ViewModelTests {
  static func item(_ id: Int, _ text: String, at milliseconds: Int) -> __Feature__Item {
    __Feature__Item(
      id: id, draft: __Feature__Draft(text: text), revision: 1,
      createdAt: Date(timeIntervalSince1970: Double(milliseconds) / 1_000))
  }

  struct Run {
    var texts: TestableObserver<[String]?>
    var summaries: TestableObserver<String>
    var enabled: TestableObserver<Bool>
    var hints: TestableObserver<String?>
    var confirmations: TestableObserver<String>
    var errors: TestableObserver<String>
    var loading: TestableObserver<Bool>
    var routes: TestableObserver<Route>
  }

  /// Runs the screen over `service` with the user's input as timelines, until the clock
  /// stops.
  static func run(
    _ clock: TestScheduler, _ service: InMemoryRecordsService<__Feature__Item>,
    text: [Recorded<Event<String>>] = [], addTaps: [Recorded<Event<Void>>] = [],
    removals: [Recorded<Event<Int>>] = [], doneTaps: [Recorded<Event<Void>>] = []
  ) -> Run {
    let run = Run(
      texts: clock.createObserver([String]?.self), summaries: clock.createObserver(String.self),
      enabled: clock.createObserver(Bool.self), hints: clock.createObserver(String?.self),
      confirmations: clock.createObserver(String.self), errors: clock.createObserver(String.self),
      loading: clock.createObserver(Bool.self), routes: clock.createObserver(Route.self))
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = __Feature__ViewModel(service: service, scheduler: clock).transform(
        .init(
          text: clock.createHotObservable(text).asObservable(),
          addTaps: clock.createHotObservable(addTaps).asObservable(),
          removals: clock.createHotObservable(removals).asObservable(),
          doneTaps: clock.createHotObservable(doneTaps).asObservable()))
      clock.scheduleAt(0) {
        output.items.map { $0?.map(\.text) }.drive(run.texts).disposed(by: bag)
        output.summary.drive(run.summaries).disposed(by: bag)
        output.isAddEnabled.drive(run.enabled).disposed(by: bag)
        output.hint.drive(run.hints).disposed(by: bag)
        output.confirmation.emit(to: run.confirmations).disposed(by: bag)
        output.errorMessage.emit(to: run.errors).disposed(by: bag)
        output.isLoading.drive(run.loading).disposed(by: bag)
        output.route.emit(to: run.routes).disposed(by: bag)
      }
      clock.start()
    }
    return run
  }

  @Test func itLoadsThenAddsAValidTextToTheMillisecond() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(
      scheduler: clock, items: [Self.item(1, "first", at: 0)])
    // The user types " second " at 200 ms and taps "Add" at 400 ms, and again at 450 ms while
    // the save runs (ignored).
    let run = Self.run(
      clock, service, text: [.next(200, " second ")],
      addTaps: [.next(400, ()), .next(450, ())])

    #expect(
      run.texts.events == [
        .next(0, nil), .next(100, ["first"]), .next(600, ["first", "second"]),
      ])
    #expect(
      run.summaries.events == [
        .next(0, "Loading…"), .next(100, "1 entry"), .next(600, "2 entries"),
      ])
    #expect(run.confirmations.events == [.next(500, "Added second.")])
    #expect(run.errors.events.isEmpty)
    #expect(run.enabled.events == [.next(0, false), .next(200, true)])
    // The save (400 to 500) and the reload it causes (500 to 600) are one busy stretch.
    #expect(
      run.loading.events == [
        .next(0, true), .next(100, false), .next(400, true), .next(600, false),
      ])
    #expect(service.calls == [.records, .add(__Feature__Draft(text: "second")), .records])
    #expect(service.items.map(\.text) == ["first", "second"])
    #expect(service.items.last?.createdAt == Date(timeIntervalSince1970: 0.5))
  }

  @Test func anInvalidTextSavesNothingAndSaysWhyAfterThePause() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(scheduler: clock)
    let long = String(repeating: "x", count: __Feature__Draft.maximumLength + 1)
    let run = Self.run(
      clock, service, text: [.next(200, "  "), .next(300, long), .next(500, "ok")],
      addTaps: [.next(250, ()), .next(350, ())])

    let tooLong = "An entry can have at most \(__Feature__Draft.maximumLength) characters."
    #expect(run.errors.events == [.next(250, "An entry cannot be empty."), .next(350, tooLong)])
    // The hint waits 300 ms after the last change: the long text's is never shown, as "ok"
    // came 200 ms later; an empty field says nothing.
    #expect(run.hints.events == [.next(800, nil)])
    #expect(run.enabled.events == [.next(0, false), .next(500, true)])
    #expect(run.confirmations.events.isEmpty)
    #expect(service.calls == [.records])
  }

  @Test func theHintShowsOnceTypingPauses() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(scheduler: clock)
    let long = String(repeating: "y", count: __Feature__Draft.maximumLength + 1)
    let run = Self.run(clock, service, text: [.next(100, long), .next(1_000, "fine")])
    #expect(
      run.hints.events == [
        .next(400, "An entry can have at most \(__Feature__Draft.maximumLength) characters."),
        .next(1_300, nil),
      ])
  }

  @Test func removingSaysWhichAndAnUnknownIdSaysSo() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(
      scheduler: clock, items: [Self.item(1, "first", at: 0), Self.item(2, "second", at: 0)])
    let run = Self.run(clock, service, removals: [.next(300, 1), .next(600, 9)])

    #expect(run.confirmations.events == [.next(400, "Removed first.")])
    #expect(run.errors.events == [.next(700, "no record has id 9")])
    #expect(
      run.texts.events == [.next(0, nil), .next(100, ["first", "second"]), .next(500, ["second"])])
    #expect(service.calls == [.records, .remove(id: 1), .records, .remove(id: 9)])
  }

  @Test func aFailedLoadIsNotAnEntryListAndDoneGoesBack() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<__Feature__Item>(scheduler: clock)
    service.failure = .unreachable("connection refused")
    let run = Self.run(clock, service, doneTaps: [.next(300, ())])
    #expect(run.texts.events == [.next(0, nil)])
    #expect(run.summaries.events == [.next(0, "Loading…")])
    #expect(run.routes.events == [.next(300, .back)])
  }
}
