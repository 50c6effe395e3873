import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

/// The activity tracker behind every spinner, on a virtual clock where one tick is a
/// millisecond.
@Suite(.timeLimit(.minutes(1))) struct ActivityTrackerTests {
  private struct Failure: Error {}

  /// Runs `setUp` at tick 0 with `isActive` recorded from tick 0, then runs the clock.
  private func activity(
    _ setUp: (TestScheduler, ActivityTracker) -> Void
  ) -> [String] {
    let clock = TestScheduler.milliseconds()
    let tracker = ActivityTracker()
    let active = clock.createObserver(Bool.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let isActive = tracker.isActive
      clock.scheduleAt(0) { isActive.drive(active).disposed(by: bag) }
      setUp(clock, tracker)
      clock.start()
    }
    return timeline(active.events)
  }

  /// A `Single` that succeeds `after` milliseconds.
  private func single(_ clock: TestScheduler, after milliseconds: Int) -> Single<Int> {
    Observable<Int>.timer(.milliseconds(milliseconds), scheduler: clock).asSingle()
  }

  @Test func overlappingSinglesCompletablesAndObservablesKeepItActiveUntilTheLastEnds() {
    let story = activity { clock, tracker in
      let request = tracker.track(single(clock, after: 200))  // 100 to 300
      let save = tracker.track(  // 200 to 500
        Completable.empty().delaySubscription(.milliseconds(300), scheduler: clock))
      let stream = tracker.track(  // 400 to 700
        Observable<Int>.interval(.milliseconds(100), scheduler: clock).take(3))
      clock.scheduleAt(100) { _ = request.subscribe() }
      clock.scheduleAt(200) { _ = save.subscribe() }
      clock.scheduleAt(400) { _ = stream.subscribe() }
    }
    expectEqual(story, ["false@0", "true@100", "false@700"])
  }

  @Test func itFollowsEachRequestThatRunsAlone() {
    let story = activity { clock, tracker in
      let first = tracker.track(single(clock, after: 50))
      let second = tracker.track(
        Completable.empty().delaySubscription(.milliseconds(100), scheduler: clock))
      clock.scheduleAt(100) { _ = first.subscribe() }
      clock.scheduleAt(300) { _ = second.subscribe() }
      clock.scheduleAt(600) { _ = first.subscribe() }
    }
    expectEqual(
      story,
      [
        "false@0", "true@100", "false@150", "true@300", "false@400", "true@600", "false@650",
      ]
    )
  }

  @Test func aFailureEndsTheActivity() {
    let story = activity { clock, tracker in
      let failing = tracker.track(
        Single<Int>.error(Failure()).delaySubscription(.milliseconds(200), scheduler: clock))
      let failingSave = tracker.track(
        Completable.error(Failure()).delaySubscription(.milliseconds(50), scheduler: clock))
      let failingStream = tracker.track(
        Observable<Int>.error(Failure()).delaySubscription(.milliseconds(10), scheduler: clock))
      clock.scheduleAt(100) { _ = failing.subscribe() }
      clock.scheduleAt(500) { _ = failingSave.subscribe() }
      clock.scheduleAt(800) { _ = failingStream.subscribe() }
    }
    expectEqual(
      story,
      [
        "false@0", "true@100", "false@300", "true@500", "false@550", "true@800", "false@810",
      ])
  }

  @Test func disposingARequestEndsItsActivity() {
    let story = activity { clock, tracker in
      let endless = tracker.track(Observable<Int>.never())
      let stalled = tracker.track(Single<Int>.never())
      let subscriptions = CompositeDisposable()
      clock.scheduleAt(100) { _ = subscriptions.insert(endless.subscribe()) }
      clock.scheduleAt(200) { _ = subscriptions.insert(stalled.subscribe()) }
      clock.scheduleAt(450) { subscriptions.dispose() }
    }
    expectEqual(story, ["false@0", "true@100", "false@450"])
  }

  @Test func onlyChangesAreEmitted() {
    let story = activity { clock, tracker in
      let long = tracker.track(single(clock, after: 300))  // 100 to 400
      let short = tracker.track(single(clock, after: 100))  // 200 to 300, then 300 to 400
      clock.scheduleAt(100) { _ = long.subscribe() }
      clock.scheduleAt(200) { _ = short.subscribe() }
      clock.scheduleAt(300) { _ = short.subscribe() }
      // A request that ends as it starts is counted and uncounted at the same tick.
      clock.scheduleAt(500) { _ = tracker.track(Single.just(1)).subscribe() }
    }
    expectEqual(story, ["false@0", "true@100", "false@400", "true@500", "false@500"])
  }

  @Test func aLateObserverStartsWithWhatRunsNow() {
    let clock = TestScheduler.milliseconds()
    let tracker = ActivityTracker()
    let active = clock.createObserver(Bool.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let request = tracker.track(single(clock, after: 500))
      clock.scheduleAt(100) { _ = request.subscribe() }
      clock.scheduleAt(300) { tracker.isActive.drive(active).disposed(by: bag) }
      clock.start()
    }
    expectEqual(timeline(active.events), ["true@300", "false@600"])
  }

  /// What `isActive` says now, read on a virtual clock.
  private func isActiveNow(_ tracker: ActivityTracker) -> [String] {
    let clock = TestScheduler.milliseconds()
    let active = clock.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: clock) {
      let subscription = tracker.isActive.drive(active)
      clock.start()
      subscription.dispose()
    }
    return timeline(active.events)
  }

  @Test func requestsStartingOnManyThreadsAreAllCounted() {
    let tracker = ActivityTracker()
    let count = 20_000
    let subscriptions = Subscriptions(count: count)
    let request = tracker.track(Observable<Int>.never())
    onFourThreads(count: count) { index in subscriptions[index] = request.subscribe() }
    for index in 1..<count { subscriptions[index].dispose() }
    // One still runs: had a start been lost, the count would be zero or less by now.
    expectEqual(isActiveNow(tracker), ["true@0"])
    subscriptions[0].dispose()
    expectEqual(isActiveNow(tracker), ["false@0"])
  }

  @Test func requestsEndingOnManyThreadsAreAllCounted() {
    let tracker = ActivityTracker()
    let count = 20_000
    let subscriptions = Subscriptions(count: count)
    let request = tracker.track(Completable.never())
    for index in 0..<count {
      subscriptions[index] = request.subscribe()
    }
    onFourThreads(count: count - 1) { index in subscriptions[index + 1].dispose() }
    expectEqual(isActiveNow(tracker), ["true@0"])
    // Had an end been lost, the count would stay above zero now.
    subscriptions[0].dispose()
    expectEqual(isActiveNow(tracker), ["false@0"])
  }
}

/// Runs `body` for each index below `count`, split between four threads that start together.
private func onFourThreads(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let threads = 4
  let ready = DispatchGroup()
  let go = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for thread in 0..<threads {
    ready.enter()
    done.enter()
    Thread.detachNewThread {
      ready.leave()
      go.wait()
      for index in stride(from: thread, to: count, by: threads) { body(index) }
      done.leave()
    }
  }
  ready.wait()
  for _ in 0..<threads { go.signal() }
  done.wait()
}

/// Subscriptions filled and read from many threads, each slot by one thread at a time.
private final class Subscriptions: @unchecked Sendable {
  // Each slot is written once, by one thread, before it is read; `lock` orders the accesses.
  private let lock = NSLock()
  private var slots: [Disposable]

  init(count: Int) {
    slots = Array(repeating: Disposables.create(), count: count)
  }

  subscript(index: Int) -> Disposable {
    get { lock.withLock { slots[index] } }
    set { lock.withLock { slots[index] = newValue } }
  }
}
