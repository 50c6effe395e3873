import ReactiveCore
import ReactiveTesting
import Testing

/// Counts 1, 2, 3, sleeping `interval` on the clock between elements, and logs its end.
private struct Ticker: AsyncSequence, Sendable {
  let clock: TestSchedulerClock
  let interval: Duration
  let log: TestableObserver<String>

  struct AsyncIterator: AsyncIteratorProtocol {
    let ticker: Ticker
    var count = 0

    mutating func next() async throws -> Int? {
      guard count < 3 else { return nil }
      do {
        try await ticker.clock.sleep(for: ticker.interval)
      } catch {
        ticker.log.on(.next("ticker cancelled"))
        throw error
      }
      count += 1
      return count
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(ticker: self) }
}

/// The concurrency bridges on a `TestScheduler`: the tasks they start run on its clock, and
/// disposal and cancellation happen at exact ticks.
@Suite struct AsyncBridgesOnVirtualTimeTests {
  // MARK: Sequences of async functions

  @Test func aSingleOfAnAsyncFunctionAnswersOnTheVirtualClock() {
    let scheduler = TestScheduler.milliseconds()
    let single = Single<String>.create {
      try await scheduler.asyncClock.sleep(for: .milliseconds(600))
      return "answer"
    }
    let observer = scheduler.start(created: 0, subscribed: 100, disposed: 1_000) { single }
    expectEqual(timeline(observer.events), ["answer@700", "completed@700"])
  }

  @Test func disposingASingleOfAnAsyncFunctionCancelsItsTaskAtThatTick() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    let single = Single<String>.create {
      do {
        try await scheduler.asyncClock.sleep(for: .milliseconds(600))
        return "answer"
      } catch {
        log.on(.next("cancelled"))
        throw error
      }
    }
    let observer = scheduler.start(created: 0, subscribed: 100, disposed: 400) { single }
    #expect(observer.events.isEmpty)
    expectEqual(timeline(log.events), ["cancelled@400"])
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func aDetachedBridgeTaskRunsOffTheTestScheduler() {
    let scheduler = TestScheduler.milliseconds()
    let detached = ConcurrencyBridge.withTaskExecutor(scheduler) {
      Single<Int>.create(detached: true) { 1 }.subscribe(onSuccess: { _ in })
    }
    expectEqual(scheduler.pendingCount, 0)
    let attached = ConcurrencyBridge.withTaskExecutor(scheduler) {
      Single<Int>.create { 1 }.subscribe(onSuccess: { _ in })
    }
    expectEqual(scheduler.pendingCount, 1)  // the task's first job
    scheduler.start()
    detached.dispose()
    attached.dispose()
  }

  @Test func aMaybeAndACompletableOfAsyncFunctions() {
    let scheduler = TestScheduler.milliseconds()
    let clock = scheduler.asyncClock
    let found = scheduler.start(created: 0, subscribed: 0, disposed: 1_000) {
      Maybe<Int>.create {
        try await clock.sleep(for: .milliseconds(100))
        return 7
      }
    }
    let missing = scheduler.start(created: 0, subscribed: 1_000, disposed: 2_000) {
      Maybe<Int>.create {
        try await clock.sleep(for: .milliseconds(200))
        return nil
      }
    }
    let done = scheduler.start(created: 0, subscribed: 2_000, disposed: 3_000) {
      Completable.create { try await clock.sleep(for: .milliseconds(300)) }
    }
    let failed = scheduler.start(created: 0, subscribed: 3_000, disposed: 4_000) {
      Completable.create {
        try await clock.sleep(for: .milliseconds(400))
        throw AsyncFailure.offline
      }
    }
    expectEqual(timeline(found.events), ["7@100", "completed@100"])
    expectEqual(timeline(missing.events), ["completed@1200"])
    expectEqual(timeline(done.events), ["completed@2300"])
    expectEqual(timeline(failed.events), ["error(offline)@3400"])
  }

  @Test func anAsyncSequenceAsAnObservableEmitsInOrderOnTheClock() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    let ticker = Ticker(clock: scheduler.asyncClock, interval: .milliseconds(100), log: log)
    let whole = scheduler.start(created: 0, subscribed: 200, disposed: 1_000) {
      ticker.asObservable()
    }
    expectEqual(timeline(whole.events), ["1@300", "2@400", "3@500", "completed@500"])

    let cut = scheduler.start(created: 1_000, subscribed: 1_000, disposed: 1_250) {
      ticker.asObservable()
    }
    expectEqual(timeline(cut.events), ["1@1100", "2@1200"])
    expectEqual(timeline(log.events), ["ticker cancelled@1250"])
  }

  // MARK: values

  @Test func cancellingTheIterationThrowsCancellationErrorOnEveryThrowingTrait() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([.next(100, 1)] as [Recorded<Event<Int>>])
    let loops: [(String, @Sendable () async throws -> Void)] = [
      ("observable", { for try await _ in source.asObservable().values {} }),
      ("single", { for try await _ in source.asObservable().skip(1).asSingle().values {} }),
      ("maybe", { for try await _ in source.asObservable().skip(1).asMaybe().values {} }),
      (
        "completable",
        { for try await _ in source.asObservable().ignoreElements().asCompletable().values {} }
      ),
    ]
    let log = scheduler.createObserver(String.self)
    for (name, loop) in loops {
      let task = Task(executorPreference: scheduler) {
        do {
          try await loop()
          log.on(.next("\(name) ended"))
        } catch {
          log.on(.next("\(name): \(type(of: error))"))
        }
      }
      scheduler.scheduleAt(500) { task.cancel() }
    }
    scheduler.start()
    expectEqual(
      timeline(log.events),
      [
        "observable: CancellationError@500", "single: CancellationError@500",
        "maybe: CancellationError@500", "completable: CancellationError@500",
      ])
    expectEqual(source.subscriptions, Array(repeating: Subscription(0, 500), count: 4))
  }

  @Test func cancellingTheIterationEndsTheLoopOnTheTraitsThatCannotFail() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([.next(100, 1)] as [Recorded<Event<Int>>])
    let (driver, signal) = SharingScheduler.mock(scheduler: scheduler) {
      (source.asDriver(onErrorJustReturn: 0), source.asSignal(onErrorJustReturn: 0))
    }
    let loops: [(String, @Sendable () async -> [Int])] = [
      ("infallible", { await collect(source.asInfallible(onErrorJustReturn: 0).values) }),
      ("driver", { await collect(driver.values) }),
      ("signal", { await collect(signal.values) }),
    ]
    let log = scheduler.createObserver(String.self)
    for (name, loop) in loops {
      let task = Task(executorPreference: scheduler) {
        let elements = await loop()
        log.on(.next("\(name) \(elements), cancelled: \(Task.isCancelled)"))
      }
      scheduler.scheduleAt(500) { task.cancel() }
    }
    scheduler.start()
    expectEqual(
      timeline(log.events),
      [
        "infallible [1], cancelled: true@500", "driver [1], cancelled: true@500",
        "signal [1], cancelled: true@500",
      ])
    expectEqual(source.subscriptions, Array(repeating: Subscription(0, 500), count: 3))
  }

  @Test func breakingOutOfTheLoopDisposesTheSubscriptionAtThatTick() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([.next(100, 1), .next(200, 2), .next(300, 3)])
    let log = scheduler.createObserver(Int.self)
    Task(executorPreference: scheduler) {
      for try await element in source.asObservable().values {
        log.on(.next(element))
        if element == 2 { break }
      }
    }
    scheduler.start()
    expectEqual(timeline(log.events), ["1@100", "2@200"])
    expectEqual(source.subscriptions, [Subscription(0, 200)])
  }

  @Test func recordAssertsAnAsyncSequenceAtTicks() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([
      .next(100, "a"), .next(300, "b"), .next(500, "c"), .completed(600),
    ])
    let whole = scheduler.record(subscribedAt: 50) { source.asObservable().values }
    let cut = scheduler.record(subscribedAt: 200, disposedAt: 400) { source.asObservable().values }
    let failing = scheduler.record(
      AsyncThrowingStream<Int, Error> { $0.finish(throwing: AsyncFailure.offline) })
    scheduler.start()
    expectEqual(timeline(whole.events), ["a@100", "b@300", "c@500", "completed@600"])
    expectEqual(timeline(cut.events), ["b@300"])
    expectEqual(timeline(failing.events), ["error(offline)@0"])
    expectEqual(source.subscriptions, [Subscription(50, 600), Subscription(200, 400)])
  }

  // MARK: value

  @Test func valueOnEveryTraitAnswersAtTheTickOfTheEvent() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([.next(300, 5), .completed(400)])
    let relay = BehaviorRelay(value: 9)
    let (driver, relayDriver) = SharingScheduler.mock(scheduler: scheduler) {
      (source.asDriver(onErrorJustReturn: 0), relay.asDriver())
    }
    let log = scheduler.createObserver(String.self)
    Task(executorPreference: scheduler) {
      let single = try await source.asObservable().take(1).asSingle().value
      log.on(.next("single \(single)"))
      let fromRelay = try await relay.asInfallible().value
      let fromDriver = try await relayDriver.value
      log.on(.next("infallible \(fromRelay), driver \(fromDriver)"))
      let maybe = try await source.asObservable().asMaybe().value
      log.on(.next("maybe \(String(describing: maybe))"))
      try await Completable.empty().value
      log.on(.next("completable"))
    }
    Task(executorPreference: scheduler) {
      let first = try await driver.value
      log.on(.next("driver \(first)"))
    }
    scheduler.start()
    expectEqual(
      timeline(log.events),
      [
        "single 5@300", "driver 5@300", "infallible 9, driver 9@300", "maybe nil@400",
        "completable@400",
      ])
    expectEqual(source.subscriptions.count, 3)
  }

  @Test func cancellingAnAwaitedValueThrowsAtOnceOnEveryTrait() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([.next(900, 1)] as [Recorded<Event<Int>>])
    let driver = SharingScheduler.mock(scheduler: scheduler) {
      source.asDriver(onErrorJustReturn: 0)
    }
    let awaits: [(String, @Sendable () async throws -> Void)] = [
      ("single", { _ = try await source.asObservable().asSingle().value }),
      ("maybe", { _ = try await source.asObservable().asMaybe().value }),
      ("completable", { try await source.asObservable().ignoreElements().asCompletable().value }),
      ("infallible", { _ = try await source.asInfallible(onErrorJustReturn: 0).value }),
      ("driver", { _ = try await driver.value }),
    ]
    let log = scheduler.createObserver(String.self)
    for (name, wait) in awaits {
      let task = Task(executorPreference: scheduler) {
        do {
          try await wait()
          log.on(.next("\(name) answered"))
        } catch {
          log.on(.next("\(name): \(type(of: error))"))
        }
      }
      scheduler.scheduleAt(200) { task.cancel() }
    }
    scheduler.start()
    expectEqual(timeline(log.events), awaits.map { "\($0.0): CancellationError@200" })
    expectEqual(source.subscriptions, Array(repeating: Subscription(0, 200), count: 5))
  }

  @Test func anEmptyInfallibleOrDriverHasNoValue() throws {
    let scheduler = TestScheduler.milliseconds()
    let empty = SharingScheduler.mock(scheduler: scheduler) { Driver<Int>.empty() }
    #expect(throws: RxError.self) {
      try scheduler.withTaskExecutorPreference { try await Infallible<Int>.empty().value }
    }
    #expect(throws: RxError.self) {
      try scheduler.withTaskExecutorPreference { try await empty.value }
    }
  }

  // MARK: Backpressure

  /// Elements 1 to 5 at 100 to 104 and completion at 105, read by a loop that takes 10 ms
  /// over each element; returns what the loop saw, with ticks.
  private func slowLoop(
    _ makeValues: @escaping @Sendable (Observable<Int>) -> AsyncThrowingStream<Int, Error>
  ) -> [String] {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([
      .next(100, 1), .next(101, 2), .next(102, 3), .next(103, 4), .next(104, 5), .completed(105),
    ])
    let log = scheduler.createObserver(Int.self)
    Task(executorPreference: scheduler) {
      for try await element in makeValues(source.asObservable()) {
        log.on(.next(element))
        try await scheduler.asyncClock.sleep(for: .milliseconds(10))
      }
      log.on(.completed)
    }
    scheduler.start()
    return timeline(log.events)
  }

  @Test func valuesBuffersEveryElementForASlowLoop() {
    expectEqual(
      slowLoop { $0.values }, ["1@100", "2@110", "3@120", "4@130", "5@140", "completed@150"])
  }

  @Test func aBoundedBufferDropsWhatItsPolicySays() {
    expectEqual(
      slowLoop { $0.values(bufferingPolicy: .bufferingNewest(1)) },
      [
        "1@100", "5@110", "completed@120",
      ])
    expectEqual(
      slowLoop { $0.values(bufferingPolicy: .bufferingOldest(2)) },
      [
        "1@100", "2@110", "3@120", "completed@130",
      ])
  }

  @Test func theTraitsThatCannotFailTakeABufferingPolicyToo() {
    let scheduler = TestScheduler.milliseconds()
    let source = scheduler.createHotObservable([
      .next(100, 1), .next(101, 2), .next(102, 3), .completed(103),
    ])
    let signal = SharingScheduler.mock(scheduler: scheduler) {
      source.asSignal(onErrorJustReturn: 0)
    }
    let log = scheduler.createObserver(String.self)
    Task(executorPreference: scheduler) {
      for await element in source.asInfallible(onErrorJustReturn: 0).values(
        bufferingPolicy: .bufferingNewest(1))
      {
        log.on(.next("infallible \(element)"))
        try? await scheduler.asyncClock.sleep(for: .milliseconds(10))
      }
    }
    Task(executorPreference: scheduler) {
      for await element in signal.values(bufferingPolicy: .bufferingOldest(1)) {
        log.on(.next("signal \(element)"))
        try? await scheduler.asyncClock.sleep(for: .milliseconds(10))
      }
    }
    scheduler.start()
    expectEqual(
      timeline(log.events),
      [
        "infallible 1@100", "signal 1@100", "infallible 3@110", "signal 2@110",
      ])
  }
}

/// The elements of a stream that cannot fail, until it ends.
private func collect(_ stream: AsyncStream<Int>) async -> [Int] {
  var elements: [Int] = []
  for await element in stream { elements.append(element) }
  return elements
}
