import ReactiveCore
import ReactiveTesting
import Testing

/// Counts the work in flight and shows whether any is: a type that is a shared sequence only
/// through `asSharedSequence()`, and gets `asObservable()` from the protocol.
private final class BusyCounter: SharedSequenceConvertibleType {
  typealias Element = Bool
  typealias SharingStrategy = DriverSharingStrategy

  private let count = BehaviorRelay(value: 0)
  private let busy: Driver<Bool>

  init() {
    busy = count.asDriver().map { $0 > 0 }.distinctUntilChanged()
  }

  /// Mirrors `source`, counting it as busy from subscription to its end.
  func track<Element>(_ source: Observable<Element>) -> Observable<Element> {
    Observable.using({ [count] () -> BusyToken in
      count.accept(count.value + 1)
      return BusyToken { count.accept(count.value - 1) }
    }) { _ in source }
  }

  func asSharedSequence() -> Driver<Bool> { busy }
}

/// Ends one unit of busy work when disposed (`using` disposes it once).
private final class BusyToken: Disposable {
  let end: @Sendable () -> Void

  init(_ end: @escaping @Sendable () -> Void) { self.end = end }

  func dispose() { end() }
}

@Suite struct SharedSequenceOperatorTests {
  @Test func aDriverFlatMapsToSignalsAndTheResultIsASignal() {
    let scheduler = CountingScheduler()
    let pages = PublishRelay<Int>()
    let toasts = PublishRelay<String>()
    var received: [String] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let signal: Signal<String> = pages.asDriver(onErrorJustReturn: 0).flatMapLatest { page in
        toasts.asSignal().map { "\(page): \($0)" }
      }
      let subscription = signal.emit(onNext: { received.append($0) })
      pages.accept(1)
      toasts.accept("a")
      pages.accept(2)
      toasts.accept("b")
      subscription.dispose()
    }
    expectEqual(received, ["1: a", "2: b"])
  }

  @Test func flatMapAndFlatMapFirstTakeTheInnerKind() {
    let scheduler = CountingScheduler()
    let taps = PublishRelay<Int>()
    let inner = PublishRelay<Int>()
    var merged: [Int] = []
    var first: [Int] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let all: Driver<Int> = taps.asSignal().flatMap { tap in
        inner.asDriver().map { $0 + tap * 10 }
      }
      let firstOnly: Driver<Int> = taps.asSignal().flatMapFirst { tap in
        inner.asObservable().take(1).asDriver(onErrorJustReturn: -1).map { $0 + tap * 10 }
      }
      let a = all.drive(onNext: { merged.append($0) })
      let b = firstOnly.drive(onNext: { first.append($0) })
      taps.accept(1)
      taps.accept(2)
      inner.accept(3)
      taps.accept(4)
      inner.accept(5)
      a.dispose()
      b.dispose()
    }
    expectEqual(merged, [13, 23, 15, 25, 45])
    expectEqual(first, [13, 45])
  }

  @Test func aSignalSamplesADriverWithLatestFrom() {
    let scheduler = CountingScheduler()
    let taps = PublishRelay<Void>()
    let name = BehaviorRelay(value: "Ada")
    var received: [String] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let submitted: Signal<String> = taps.asSignal().withLatestFrom(name.asDriver())
      let subscription = submitted.emit(onNext: { received.append($0) })
      taps.accept(())
      name.accept("Grace")
      taps.accept(())
      subscription.dispose()
    }
    expectEqual(received, ["Ada", "Grace"])
  }

  @Test func skipDropsTheFirstElements() {
    var received: [Int] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      _ = Driver.of(1, 2, 3, 4).skip(2).drive(onNext: { received.append($0) })
    }
    expectEqual(received, [3, 4])
  }

  @Test func switchLatestAndMergeFlattenDriversOfSignals() {
    let outer = PublishRelay<Signal<Int>>()
    let one = PublishRelay<Int>()
    let two = PublishRelay<Int>()
    var latest: [Int] = []
    var merged: [Int] = []
    var limited: [Int] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let drivers = outer.asDriver(onErrorJustReturn: .empty())
      let switched: Signal<Int> = drivers.switchLatest()
      let all: Signal<Int> = drivers.merge()
      let oneAtATime: Signal<Int> = drivers.merge(maxConcurrent: 1)
      let a = switched.emit(onNext: { latest.append($0) })
      let b = all.emit(onNext: { merged.append($0) })
      let c = oneAtATime.emit(onNext: { limited.append($0) })
      outer.accept(one.asSignal())
      one.accept(1)
      outer.accept(two.asSignal())
      one.accept(2)
      two.accept(3)
      a.dispose()
      b.dispose()
      c.dispose()
    }
    expectEqual(latest, [1, 3])
    expectEqual(merged, [1, 2, 3])
    expectEqual(limited, [1, 2])
  }

  @Test func concatRunsEachSourceInTurn() {
    var fromArray: [Int] = []
    var fromSequence: [Int] = []
    var events: [String] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      _ = Driver.concat([Driver.of(1, 2), .just(3)]).drive(onNext: { fromArray.append($0) })
      let lazy = (0..<3).lazy.map { Signal.just($0 * 2) }
      _ = Signal.concat(lazy).emit(
        onNext: { fromSequence.append($0) }, onCompleted: { events.append("completed") })
    }
    expectEqual(fromArray, [1, 2, 3])
    expectEqual(fromSequence, [0, 2, 4])
    expectEqual(events, ["completed"])
  }

  @Test func debugPassesTheEventsOn() {
    var received: [Int] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      _ = Driver.of(1, 2).debug("driver").drive(onNext: { received.append($0) })
    }
    expectEqual(received, [1, 2])
  }

  @Test func intervalAndTimerTickOnTheSharingScheduler() {
    let scheduler = millisecondScheduler()
    let (ticks, timed) = SharingScheduler.mock(scheduler: scheduler) {
      let ticks = scheduler.start(disposed: 550) { Driver<Int>.interval(.milliseconds(100)) }
      let timed = scheduler.start(created: 600, subscribed: 700, disposed: 1_000) {
        Signal<Int>.timer(.milliseconds(50), period: .milliseconds(100))
      }
      return (ticks, timed)
    }
    expectEqual(ticks.events, [.next(300, 0), .next(400, 1), .next(500, 2)])
    expectEqual(timed.events, [.next(750, 0), .next(850, 1), .next(950, 2)])
  }

  @Test func asSharedSequenceNamesItsKind() {
    let failing = Observable<Int>.concat(.of(1), .error(TestFailure.boom))
    var events: [String] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let a = failing.asSharedSequence(
        sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: 0)
      let b: Driver<Int> = failing.asSharedSequence(onErrorDriveWith: .of(7, 8))
      let c = failing.asSharedSequence(sharingStrategy: DriverSharingStrategy.self) { error in
        .just(error as? TestFailure == .boom ? 9 : -9)
      }
      _ = a.emit(onNext: { events.append("a \($0)") })
      _ = b.drive(onNext: { events.append("b \($0)") })
      _ = c.drive(onNext: { events.append("c \($0)") })
    }
    expectEqual(events, ["a 1", "a 0", "b 1", "b 7", "b 8", "c 1", "c 9"])
  }

  @Test func aTypeThatOnlyMakesASharedSequenceIsAlsoAnObservable() {
    var states: [Bool] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let counter = BusyCounter()
      let work = PublishSubject<Int>()
      let watching = counter.asObservable().subscribe(onNext: { states.append($0) })
      let running = counter.track(work.asObservable()).subscribe()
      work.onCompleted()
      running.dispose()
      watching.dispose()
    }
    expectEqual(states, [false, true, false])
  }
}
