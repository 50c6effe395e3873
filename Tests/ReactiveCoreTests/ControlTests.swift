import ReactiveCore
import ReactiveTesting
import Testing

/// `Binder`, `ControlEvent` and `ControlProperty`, as a front end uses them for its widgets.
@Suite struct ControlTests {
  /// A stand-in for a widget.
  final class Label {
    var text: String?
    var isEnabled = true
  }

  @Test func aBinderAppliesElementsOnItsSchedulerWhileTheTargetLives() {
    let scheduler = CountingScheduler()
    var label: Label? = Label()
    weak var weakLabel: Label?
    weakLabel = label
    let text = Binder<String?>(label!, scheduler: scheduler) { $0.text = $1 }
    text.onNext("one")
    expectEqual(label?.text, "one")
    text.onCompleted()
    text.onNext("two")
    expectEqual(label?.text, "two")
    label = nil
    #expect(weakLabel == nil)
    text.onNext("three")  // dropped: the label is gone
    expectEqual(scheduler.actions, 3)
  }

  @Test func aBinderIsATargetForBindDriveAndEmit() {
    let bag = DisposeBag()
    let label = Label()
    let scheduler = CountingScheduler()
    let isEnabled = Binder<Bool>(label, scheduler: scheduler) { $0.isEnabled = $1 }
    let text = Binder<String?>(label, scheduler: scheduler) { $0.text = $1 }
    Observable.just(false).bind(to: isEnabled).disposed(by: bag)
    #expect(!label.isEnabled)
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      Driver.just(true).drive(isEnabled).disposed(by: bag)
      #expect(label.isEnabled)
      Signal.just("Welcome").emit(to: text).disposed(by: bag)  // String into String?
      expectEqual(label.text, "Welcome")
    }
    Observable.just("Bye").bind(to: text.asObserver()).disposed(by: bag)
    expectEqual(label.text, "Bye")
  }

  @Test @MainActor func aBinderDefaultsToTheMainScheduler() async {
    let label = Label()
    let text = Binder<String?>(label) { $0.text = $1 }
    text.onNext("main")
    for _ in 0..<100 where label.text == nil { await Task.yield() }
    expectEqual(label.text, "main")
  }

  @Test @MainActor func aControlEventWrapsTheFrontEndsEvents() {
    let bag = DisposeBag()
    let taps = PublishSubject<Void>()
    let event = ControlEvent(events: taps)
    var count = 0
    let subscription = event.subscribe(onNext: { count += 1 })
    taps.onNext(())
    taps.onNext(())
    subscription.dispose()
    expectEqual(count, 2)
    #expect(event.asControlEvent().asObservable() === event.asObservable())

    var signalled = 0
    var driven = 0
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      event.asSignal().emit(onNext: { signalled += 1 }).disposed(by: bag)
      event.asDriver().drive(onNext: { driven += 1 }).disposed(by: bag)
      taps.onNext(())
    }
    expectEqual(signalled, 1)
    expectEqual(driven, 1)
  }

  @Test @MainActor func aControlPropertyReadsAndWrites() throws {
    let bag = DisposeBag()
    let storage = BehaviorSubject<String?>(value: nil)
    let property = ControlProperty(values: storage, valueSink: storage)
    var values: [String?] = []
    var changes: [String?] = []
    property.subscribe(onNext: { values.append($0) }).disposed(by: bag)
    property.changed.subscribe(onNext: { changes.append($0) }).disposed(by: bag)
    property.onNext("typed")
    expectEqual(values, [nil, "typed"])
    expectEqual(changes, ["typed"])

    var texts: [String] = []
    let orEmpty = property.orEmpty
    orEmpty.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
    orEmpty.onNext("set")
    expectEqual(texts, ["typed", "set"])
    #expect(try storage.value() == "set")
    #expect(property.asControlProperty().asObservable() === property.asObservable())

    var driven: [String?] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      property.asDriver().drive(onNext: { driven.append($0) }).disposed(by: bag)
    }
    expectEqual(driven, ["set"])
  }

  @Test func aDriverCanDriveAControlProperty() throws {
    let bag = DisposeBag()
    let storage = BehaviorSubject<Int>(value: 0)
    let property = ControlProperty(values: storage, valueSink: storage)
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      Driver.just(7).drive(property).disposed(by: bag)
    }
    #expect(try storage.value() == 7)
  }
}
