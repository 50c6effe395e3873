import Navigator
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

/// The __phrase__ screen's view model,
/// on a virtual clock where one tick is a millisecond.
@Suite @MainActor struct __Feature__ViewModelTests {
  static let tooLong = String(repeating: "x", count: __Feature__ViewModel.maximumLength + 1)

  @Test func validTextIsAddedAndTapsOnInvalidTextAddNothing() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let entries = clock.createObserver([String].self)
    let summaries = clock.createObserver(String.self)
    let enabled = clock.createObserver(Bool.self)
    let confirmations = clock.createObserver(String.self)
    let errors = clock.createObserver(String.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let text = clock.createHotObservable([
        .next(100, "  milk "), .next(300, "   "), .next(500, Self.tooLong), .next(700, "eggs"),
      ])
      // A tap before any text, then one tap after each text.
      let taps = clock.createHotObservable([
        .next(50, ()), .next(200, ()), .next(400, ()), .next(600, ()), .next(800, ()),
      ])
      let output = __Feature__ViewModel(scheduler: clock).transform(
        .init(text: text.asObservable(), addTaps: taps.asObservable()))
      clock.scheduleAt(0) {
        output.entries.drive(entries).disposed(by: bag)
        output.summary.drive(summaries).disposed(by: bag)
        output.isAddEnabled.drive(enabled).disposed(by: bag)
        output.confirmation.emit(to: confirmations).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.start()
    }

    #expect(entries.events == [.next(0, []), .next(200, ["milk"]), .next(800, ["milk", "eggs"])])
    #expect(timeline(summaries.events) == ["No entries yet.@0", "1 entry@200", "2 entries@800"])
    #expect(timeline(enabled.events) == ["false@0", "true@100", "false@300", "true@700"])
    #expect(timeline(confirmations.events) == ["Added milk.@200", "Added eggs.@800"])
    #expect(
      timeline(errors.events) == [
        "An entry cannot be empty.@400",
        "An entry can have at most \(__Feature__ViewModel.maximumLength) characters.@600",
      ])
  }

  @Test func theHintWaitsForAPauseInTypingAndSaysNothingAboutAnEmptyField() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let hints = clock.createObserver(String?.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let text = clock.createHotObservable([
        .next(100, Self.tooLong), .next(200, Self.tooLong + "x"),  // one pause, at 500
        .next(1_000, "ok"),  // valid: the hint goes at 1300
        .next(2_000, "  "),  // empty once trimmed: still no hint
      ])
      let output = __Feature__ViewModel(scheduler: clock).transform(
        .init(text: text.asObservable(), addTaps: .never()))
      clock.scheduleAt(0) { output.hint.drive(hints).disposed(by: bag) }
      clock.start()
    }

    #expect(
      hints.events == [
        .next(500, __Feature__ViewModel.validate(Self.tooLong).message), .next(1_300, nil),
      ])
  }

  @Test func doneGoesBack() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let done = clock.createHotObservable([.next(250, ())])
      let output = __Feature__ViewModel(scheduler: clock).transform(
        .init(text: .never(), addTaps: .never(), doneTaps: done.asObservable()))
      clock.scheduleAt(0) { output.route.emit(to: routes).disposed(by: bag) }
      clock.start()
    }

    #expect(routes.events == [.next(250, .back)])
  }
}
