import ReactiveCore
import ReactiveTesting
import Testing

/// Every form of `drive` and `emit`, on a mocked immediate scheduler.
@Suite struct DriveAndEmitTests {
  final class Screen {
    var titles: [String] = []
  }

  @Test func driveToObserversAndOptionalObservers() {
    let bag = DisposeBag()
    let counter = ResourceCounter()
    var plain: [String] = []
    var optional: [String] = []
    counter.measure {
      SharingScheduler.mock(scheduler: CountingScheduler()) {
        let driver = Driver.of(1, 2)
        driver.drive(
          AnyObserver<Int> { plain.append("\($0)") },
          AnyObserver<Int> { plain.append("second \($0)") }
        ).disposed(by: bag)
        driver.drive(AnyObserver<Int?> { optional.append("\($0)") }).disposed(by: bag)
      }
    }
    expectEqual(
      plain,
      [
        "next(1)", "second next(1)", "next(2)", "second next(2)", "completed", "second completed",
      ])
    expectEqual(optional, ["next(Optional(1))", "next(Optional(2))", "completed"])
    expectEqual(counter.live, 0)
  }

  @Test func driveToRelays() {
    let bag = DisposeBag()
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay(value: 0)
    let replay = ReplayRelay<Int>.create(bufferSize: 2)
    let optionalPublish = PublishRelay<Int?>()
    let optionalBehavior = BehaviorRelay<Int?>(value: nil)
    let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
    var published: [Int] = []
    var optionalPublished: [Int?] = []
    publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
    optionalPublish.subscribe(onNext: { optionalPublished.append($0) }).disposed(by: bag)
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let driver = Driver.of(1, 2)
      driver.drive(publish).disposed(by: bag)
      driver.drive(behavior).disposed(by: bag)
      driver.drive(replay).disposed(by: bag)
      driver.drive(optionalPublish).disposed(by: bag)
      driver.drive(optionalBehavior).disposed(by: bag)
      driver.drive(optionalReplay).disposed(by: bag)
    }
    var replayed: [Int] = []
    replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
    var optionalReplayed: [Int?] = []
    optionalReplay.subscribe(onNext: { optionalReplayed.append($0) }).disposed(by: bag)
    expectEqual(published, [1, 2])
    expectEqual(behavior.value, 2)
    expectEqual(replayed, [1, 2])
    expectEqual(optionalPublished, [1, 2])
    expectEqual(optionalBehavior.value, 2)
    expectEqual(optionalReplayed, [2])
  }

  @Test func driveWithClosuresAnObjectAndFunctions() {
    let bag = DisposeBag()
    var events: [String] = []
    let screen = Screen()
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let driver = Driver.of("a", "b")
      driver.drive(
        onNext: { events.append($0) }, onCompleted: { events.append("end") },
        onDisposed: { events.append("disposed") }
      ).disposed(by: bag)
      driver.drive(
        with: screen, onNext: { $0.titles.append($1) }, onCompleted: { $0.titles.append("end") }
      ).disposed(by: bag)
      let count = driver.drive { (source: Observable<String>) -> Int in
        var count = 0
        source.subscribe(onNext: { _ in count += 1 }).disposed(by: bag)
        return count
      }
      events.append("count \(count)")
      let joined = driver.drive(
        { source in
          { (separator: String) in
            var parts: [String] = []
            source.subscribe(onNext: { parts.append($0) }).disposed(by: bag)
            return parts.joined(separator: separator)
          }
        }, curriedArgument: "+")
      events.append(joined)
      driver.drive().disposed(by: bag)
    }
    expectEqual(events, ["a", "b", "end", "disposed", "count 2", "a+b"])
    expectEqual(screen.titles, ["a", "b", "end"])
  }

  @Test func emitToObserversRelaysClosuresAndAnObject() {
    let bag = DisposeBag()
    let publish = PublishRelay<String>()
    let behavior = BehaviorRelay(value: "")
    let replay = ReplayRelay<String>.create(bufferSize: 1)
    let optionalPublish = PublishRelay<String?>()
    let optionalBehavior = BehaviorRelay<String?>(value: nil)
    let optionalReplay = ReplayRelay<String?>.create(bufferSize: 1)
    var events: [String] = []
    publish.subscribe(onNext: { events.append("publish \($0)") }).disposed(by: bag)
    optionalPublish.subscribe(onNext: { events.append("optional publish \($0 ?? "nil")") })
      .disposed(by: bag)
    let screen = Screen()
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let signal = Signal.just("hi")
      signal.emit(to: AnyObserver<String> { events.append("observer \($0)") }).disposed(by: bag)
      signal.emit(to: AnyObserver<String?> { events.append("optional observer \($0)") }).disposed(
        by: bag)
      signal.emit(to: publish).disposed(by: bag)
      signal.emit(to: behavior).disposed(by: bag)
      signal.emit(to: replay).disposed(by: bag)
      signal.emit(to: optionalPublish).disposed(by: bag)
      signal.emit(to: optionalBehavior).disposed(by: bag)
      signal.emit(to: optionalReplay).disposed(by: bag)
      signal.emit(
        onNext: { events.append("onNext \($0)") }, onCompleted: { events.append("onCompleted") },
        onDisposed: { events.append("onDisposed") }
      ).disposed(by: bag)
      signal.emit(with: screen, onNext: { $0.titles.append($1) }).disposed(by: bag)
      signal.emit().disposed(by: bag)
    }
    var replayed: [String?] = []
    optionalReplay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
    expectEqual(
      events,
      [
        "observer next(hi)", "observer completed",
        "optional observer next(Optional(\"hi\"))", "optional observer completed",
        "publish hi", "optional publish hi",
        "onNext hi", "onCompleted", "onDisposed",
      ])
    expectEqual(behavior.value, "hi")
    expectEqual(optionalBehavior.value, "hi")
    expectEqual(replayed, ["hi"])
    expectEqual(screen.titles, ["hi"])
  }

  @Test func driveWithAnObjectStopsOnceItIsGone() {
    let relay = PublishRelay<String>()
    var screen: Screen? = Screen()
    weak var weakScreen: Screen?
    weakScreen = screen
    var disposed = 0
    let subscription = SharingScheduler.mock(scheduler: CountingScheduler()) {
      relay.asDriver().drive(
        with: screen!, onNext: { $0.titles.append($1) }, onDisposed: { _ in disposed += 1 })
    }
    relay.accept("a")
    expectEqual(weakScreen?.titles, ["a"])
    screen = nil
    #expect(weakScreen == nil)
    relay.accept("b")
    subscription.dispose()
    expectEqual(disposed, 0)  // the object was gone, so its closure was not called
  }
}
