import Dispatch
import ReactiveCore
import ReactiveTesting
import Testing

/// The current-thread trampoline: the first action scheduled on a thread runs at once, and the
/// actions scheduled while it runs wait, in order, until it returns.
@Suite(.timeLimit(.minutes(1))) struct TrampolineTests {
  @Test func theFirstScheduleRunsAtOnceAndNestedOnesWaitInOrder() {
    #expect(CurrentThreadScheduler.isScheduleRequired)
    var steps: [Int] = []
    var requiredInside = true
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      requiredInside = CurrentThreadScheduler.isScheduleRequired
      steps.append(10)
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        steps.append(30)
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
          steps.append(50)
          return Disposables.create()
        }
        steps.append(40)
        return Disposables.create()
      }
      steps.append(20)
      return Disposables.create()
    }
    expectEqual(steps, [10, 20, 30, 40, 50])
    #expect(!requiredInside)
    #expect(CurrentThreadScheduler.isScheduleRequired)
  }

  @Test func disposingAWaitingActionCancelsIt() {
    var steps: [String] = []
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      steps.append("outer")
      let waiting = CurrentThreadScheduler.instance.schedule(()) { _ in
        steps.append("cancelled")
        return Disposables.create()
      }
      let kept = CurrentThreadScheduler.instance.schedule(()) { _ in
        steps.append("kept")
        let last = CurrentThreadScheduler.instance.schedule(()) { _ in
          steps.append("never")
          return Disposables.create()
        }
        last.dispose()
        return Disposables.create()
      }
      waiting.dispose()
      steps.append("outer done")
      return kept
    }
    expectEqual(steps, ["outer", "outer done", "kept"])
  }

  @Test func eachThreadHasItsOwnTrampoline() {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var otherThreadRequired = false
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      DispatchQueue.global().async {
        otherThreadRequired = CurrentThreadScheduler.isScheduleRequired
        done.signal()
      }
      expectEqual(done.wait(timeout: .now() + 10), .success)
      return Disposables.create()
    }
    #expect(otherThreadRequired)
  }

  @Test func mergedSynchronousSourcesTakeTurns() {
    let recorder = Recorder<Int>()
    recorder.record(Observable.merge(.of(1, 3, 5), .of(2, 4, 6)))
    expectEqual(recorder.log, ["1", "2", "3", "4", "5", "6", "completed"])
    let ranges = Recorder<Int>()
    ranges.record(
      Observable.merge(
        .range(start: 0, count: 3).map { $0 * 10 }, .from([1, 11, 21]),
        .generate(initialState: 2, condition: { $0 < 30 }, iterate: { $0 + 10 })))
    expectEqual(ranges.elements, [0, 1, 2, 10, 11, 12, 20, 21, 22])
  }

  @Test func innerSourcesSubscribedForAnEventTakeTurnsToo() {
    let outer = PublishSubject<Int>()
    var merged: [Int] = []
    let first = outer.flatMap { _ in Observable.merge(.of(1, 3), .of(2, 4)) }
      .subscribe(onNext: { merged.append($0) })
    var latest: [Int] = []
    let second = outer.flatMapLatest { _ in Observable.merge(.of(1, 3), .of(2, 4)) }
      .subscribe(onNext: { latest.append($0) })
    outer.onNext(0)
    expectEqual(merged, [1, 2, 3, 4])
    expectEqual(latest, [1, 2, 3, 4])
    first.dispose()
    second.dispose()
  }

  @Test func aSourceSubscribedFromInsideAnActionWaitsForItToReturn() {
    var log: [String] = []
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      _ = Observable.of(1, 2).subscribe(onNext: { log.append("\($0)") })
      log.append("subscribed")
      return Disposables.create()
    }
    expectEqual(log, ["subscribed", "1", "2"])
    var outside: [String] = []
    _ = Observable.of(1, 2).subscribe(onNext: { outside.append("\($0)") })
    outside.append("subscribed")
    expectEqual(outside, ["1", "2", "subscribed"])
  }

  @Test func feedbackThroughTheTrampolineHandsEachStateToEveryLoopFirst() {
    // Two loops react to the state; each reaction is fed back. Through the trampoline, both
    // loops see a state before either's reaction produces the next one.
    let state = BehaviorSubject(value: 0)
    var seen: [String] = []
    let observed = state.observe(on: CurrentThreadScheduler.instance)
    let bag = DisposeBag()
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      for name in ["a", "b"] {
        observed.subscribe(onNext: { value in
          seen.append("\(name)\(value)")
          if value < 2, name == "a" { state.onNext(value + 1) }
        }).disposed(by: bag)
      }
      return Disposables.create()
    }
    expectEqual(seen, ["a0", "b0", "a1", "b1", "a2", "b2"])
  }

  @Test func anEndlessSourceStopsWhenTheSubscriberIsDone() {
    let recorder = Recorder<Int>()
    recorder.record(
      Observable.merge(.repeatElement(1).take(3), .repeatElement(2).take(2)))
    expectEqual(recorder.log, ["1", "2", "1", "2", "1", "completed"])
  }

  @Test func longSynchronousSourcesThroughConcatAndFlatMapKeepTheStackFlat() {
    // 200,000 elements through concat and flatMap on the trampoline: constant stack depth.
    var count = 0
    _ = Observable.concat(
      Observable.range(start: 0, count: 100_000),
      Observable.of(1, 2).flatMap { _ in Observable.range(start: 0, count: 50_000) }
    ).subscribe(onNext: { _ in count += 1 })
    expectEqual(count, 200_000)
  }

  /// As in RxSwift, `just(_:)` delivers without starting a trampoline, subscribed on its own
  /// or as an inner source: work its subscriber schedules on the current thread runs at once,
  /// while a source that goes through the trampoline (`of`) makes it wait.
  /// The order of events when each handler of a subscription to `source` schedules work on the
  /// current thread and then logs the event: "ran next 1, next 1" when the work runs at once (no
  /// trampoline runs), "next 1, ran next 1" when it waits for the handler to return.
  private func scheduledWork(subscribing source: Observable<Int>) -> String {
    var log: [String] = []
    let handle = { (name: String) in
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        log.append("ran " + name)
        return Disposables.create()
      }
      log.append(name)
    }
    let subscription = source.subscribe(
      onNext: { handle("next \($0)") }, onError: { _ in handle("error") },
      onCompleted: { handle("completed") })
    subscription.dispose()
    return log.joined(separator: ", ")
  }

  @Test func sourcesThatDeliverWhileSubscribedStartNoTrampolineSoScheduledWorkRunsAtOnce() {
    struct Failure: Error {}
    let atOnce = "ran next 1, next 1, ran completed, completed"
    expectEqual(scheduledWork(subscribing: .just(1)), atOnce)
    expectEqual(scheduledWork(subscribing: .from(optional: 1)), atOnce)
    expectEqual(scheduledWork(subscribing: .empty()), "ran completed, completed")
    expectEqual(scheduledWork(subscribing: .error(Failure())), "ran error, error")
    expectEqual(scheduledWork(subscribing: .of(1)), "next 1, ran next 1, completed, ran completed")
    let outer = PublishSubject<Int>()
    var inner: [String] = []
    let merged = outer.flatMap { Observable.just($0) }.subscribe(onNext: { value in
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        inner.append("ran \(value)")
        return Disposables.create()
      }
      inner.append("next \(value)")
    })
    outer.onNext(3)
    merged.dispose()
    expectEqual(inner, ["ran 3", "next 3"])
  }

  @Test func subjectsAndTheSequencesSharedThroughThemStartNoTrampoline() {
    let behavior = BehaviorSubject(value: 1)
    let atOnce = "ran next 1, next 1"
    expectEqual(scheduledWork(subscribing: behavior), atOnce)
    expectEqual(scheduledWork(subscribing: BehaviorRelay(value: 1).asObservable()), atOnce)
    expectEqual(scheduledWork(subscribing: behavior.share(replay: 1)), atOnce)
    expectEqual(
      scheduledWork(subscribing: Observable.just(1).share()),
      "ran next 1, next 1, ran completed, completed")
    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    replay.onNext(1)
    replay.onNext(2)
    expectEqual(scheduledWork(subscribing: replay), "ran next 1, next 1, ran next 2, next 2")
    let async = AsyncSubject<Int>()
    async.onNext(1)
    async.onCompleted()
    expectEqual(scheduledWork(subscribing: async), "ran next 1, next 1, ran completed, completed")
    let connectable = behavior.replay(1)
    let connection = connectable.connect()
    expectEqual(scheduledWork(subscribing: connectable), atOnce)
    connection.dispose()
    // An operator over them subscribes through the trampoline, and so does a `share` that
    // replays more than one element, which RxSwift builds from `refCount()`.
    expectEqual(scheduledWork(subscribing: behavior.map { $0 }), "next 1, ran next 1")
    expectEqual(scheduledWork(subscribing: behavior.share(replay: 2)), "next 1, ran next 1")
    expectEqual(
      scheduledWork(subscribing: behavior.share(replay: 1, scope: .forever)), "next 1, ran next 1")
  }

  @Test func connectingSubscribesTheSourceThroughTheTrampoline() {
    let connectable = Observable.merge(.of(1, 3), .of(2, 4)).publish()
    let recorder = Recorder<Int>()
    recorder.record(connectable)
    let connection = connectable.connect()
    expectEqual(recorder.log, ["1", "2", "3", "4", "completed"])
    connection.dispose()
  }

  @Test func justOnASchedulerCompletesInTheStepAfterItsElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start { Observable.just(42, scheduler: scheduler) }
    expectEqual(observer.events, [.next(201, 42), .completed(202)])
    var log: [String] = []
    _ = Observable.merge(.just(1, scheduler: CurrentThreadScheduler.instance), .of(2, 3))
      .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") })
    expectEqual(log, ["1", "2", "3", "completed"])
  }
}
