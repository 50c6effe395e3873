import Dispatch
import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

/// A flag set from any thread.
final class Flag: Sendable {
  private let raised = Atomic<Bool>(false)

  var isRaised: Bool { raised.load(ordering: .acquiring) }

  func raise() { raised.store(true, ordering: .releasing) }
}

/// Signals from one task to another that something happened, without sleeping.
struct Beacon: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream<Void>.makeStream()
  }

  func signal() { continuation.yield() }

  func wait() async {
    for await _ in stream { return }
  }
}

enum AsyncFailure: Error { case offline }

@Suite struct ConcurrencyBridgeTests {
  // MARK: The async tests of the testing guide, on this core.

  @Test func awaitsASingle() async throws {
    let request = Single<[String]>.create { observer in
      DispatchQueue.global().async { observer(.success(["ada", "grace"])) }
      return Disposables.create()
    }
    let names = try await request.value
    expectEqual(names, ["ada", "grace"])
  }

  @Test func iteratesAnObservable() async throws {
    var collected: [Int] = []
    for try await value in Observable.of(3, 2, 1).values {
      collected.append(value)
    }
    expectEqual(collected, [3, 2, 1])
  }

  @Test func surfacesErrorsAsThrows() async {
    await #expect(throws: AsyncFailure.self) {
      _ = try await Single<Int>.error(AsyncFailure.offline).value
    }
  }

  // MARK: value

  @Test func maybeAndCompletableValues() async throws {
    #expect(try await Maybe.just(1).value == 1)
    #expect(try await Maybe<Int>.empty().value == nil)
    try await Completable.empty().value
    await #expect(throws: AsyncFailure.self) {
      try await Maybe<Int>.error(AsyncFailure.offline).value
    }
    await #expect(throws: AsyncFailure.self) {
      try await Completable.error(AsyncFailure.offline).value
    }
  }

  @Test func awaitingReleasesTheSubscription() async throws {
    let counter = ResourceCounter()
    let value = try await counter.measure { try await Single.just(5).map { $0 * 2 }.value }
    expectEqual(value, 10)
    expectEqual(counter.live, 0)
  }

  @Test(arguments: ["single", "maybe", "completable"])
  func cancellingTheAwaitingTaskDisposesTheSubscription(trait: String) async {
    let counter = ResourceCounter()
    let subscribed = Beacon()
    let disposed = Flag()
    let outcome = await counter.measure { () async -> Result<Void, Error> in
      let task = Task {
        let pending = Single<Int>.create { _ in
          subscribed.signal()
          return Disposables.create { disposed.raise() }
        }
        switch trait {
        case "single": _ = try await pending.value
        case "maybe": _ = try await pending.asMaybe().value
        default: try await pending.asCompletable().value
        }
      }
      await subscribed.wait()
      #expect(!disposed.isRaised)
      task.cancel()
      return await task.result
    }
    #expect(throws: CancellationError.self) { try outcome.get() }
    #expect(disposed.isRaised)
    expectEqual(counter.live, 0)
  }

  @Test(.timeLimit(.minutes(1)))
  func aValueRacingItsCancellationResumesOnce() async {
    var outcomes = (answered: 0, cancelled: 0)
    for _ in 0..<200 {
      let single = Single<Int>.create { observer in
        DispatchQueue.global().async { observer(.success(42)) }
        return Disposables.create()
      }
      let task = Task { try await single.value }
      DispatchQueue.global().async { task.cancel() }
      switch await task.result {
      case .success(let value):
        expectEqual(value, 42)
        outcomes.answered += 1
      case .failure(let error):
        #expect(error is CancellationError)
        outcomes.cancelled += 1
      }
    }
    #expect(outcomes.answered + outcomes.cancelled == 200)
  }

  @Test func anAlreadyCancelledTaskDoesNotWait() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await Single<Int>.never().value
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  // MARK: values

  @Test func leavingTheLoopDisposesTheSubscription() async throws {
    let counter = ResourceCounter()
    let subject = ReplaySubject<Int>.createUnbounded()
    for value in 1...5 { subject.onNext(value) }
    var collected: [Int] = []
    try await counter.measure {
      for try await value in subject.values {
        collected.append(value)
        if collected.count == 2 { break }
      }
    }
    expectEqual(collected, [1, 2])
    #expect(!subject.hasObservers)
    expectEqual(counter.live, 0)
  }

  @Test func valuesThrowTheError() async {
    let subject = ReplaySubject<Int>.createUnbounded()
    subject.onNext(1)
    subject.onError(AsyncFailure.offline)
    var collected: [Int] = []
    await #expect(throws: AsyncFailure.self) {
      for try await value in subject.values { collected.append(value) }
    }
    expectEqual(collected, [1])
  }

  @Test func cancellingTheIteratingTaskDisposesTheSubscription() async {
    let subject = PublishSubject<Int>()
    let started = Beacon()
    let task = Task {
      var count = 0
      let values = subject.values
      started.signal()
      for try await _ in values { count += 1 }
      return count
    }
    await started.wait()
    #expect(subject.hasObservers)
    task.cancel()
    _ = await task.result
    #expect(!subject.hasObservers)
  }

  @Test func infallibleDriverAndSignalValuesCannotFail() async {
    var collected: [String] = []
    for await value in Infallible.of("a", "b").values { collected.append(value) }
    let relay = BehaviorRelay(value: "c")
    let (driver, signal) = SharingScheduler.mock(scheduler: CountingScheduler()) {
      (relay.asDriver(), Signal.of("d", "e"))
    }
    for await value in driver.values {
      collected.append(value)
      break
    }
    for await value in signal.values { collected.append(value) }
    expectEqual(collected, ["a", "b", "c", "d", "e"])
    #expect(!relay.hasObservers)
  }

  // MARK: Single.create(detached:priority:work:)

  @Test func aSingleOfAnAsyncFunction() async throws {
    let single = Single<Int>.create { () async throws -> Int in
      await Task.yield()
      return 42
    }
    #expect(try await single.value == 42)
    let detached = Single<String>.create(detached: true, priority: .low) { "detached" }
    #expect(try await detached.value == "detached")
    let failing = Single<Int>.create { () async throws -> Int in throw AsyncFailure.offline }
    await #expect(throws: AsyncFailure.self) { try await failing.value }
  }

  @Test func aSingleOfAnAsyncFunctionRunsItForEachSubscription() async throws {
    let calls = Atomic<Int>(0)
    let single = Single<Int>.create { calls.add(1, ordering: .relaxed).newValue }
    let first = try await single.value
    let second = try await single.value
    expectEqual(Set([first, second]), [1, 2])
  }

  @Test func disposingCancelsTheTask() async {
    let started = Beacon()
    let cancelled = Beacon()
    let delivered = Flag()
    let single = Single<Int>.create {
      started.signal()
      while !Task.isCancelled { await Task.yield() }
      cancelled.signal()
      return 0
    }
    let subscription = single.subscribe(onSuccess: { _ in delivered.raise() })
    await started.wait()
    subscription.dispose()
    await cancelled.wait()
    #expect(!delivered.isRaised)
  }

  // MARK: AsyncSequence.asObservable

  @Test func anAsyncSequenceAsAnObservable() async throws {
    let numbers = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }
    var collected: [Int] = []
    for try await value in numbers.asObservable().values { collected.append(value) }
    expectEqual(collected, [1, 2, 3])

    let failing = AsyncThrowingStream<Int, Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: AsyncFailure.offline)
    }
    var beforeError: [Int] = []
    await #expect(throws: AsyncFailure.self) {
      for try await value in failing.asObservable(priority: .high).values {
        beforeError.append(value)
      }
    }
    expectEqual(beforeError, [1])
  }

  @Test func aCancellationErrorThrownByTheSequenceIsAnError() async {
    let stopped = AsyncThrowingStream<Int, Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: CancellationError())
    }
    var elements: [Int] = []
    await #expect(throws: CancellationError.self) {
      for try await element in stopped.asObservable().values { elements.append(element) }
    }
    expectEqual(elements, [1])
  }

  @Test func disposingTheObservableCancelsTheIteration() async {
    let terminated = Beacon()
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.onTermination = { _ in terminated.signal() }
    let first = Beacon()
    let subscription = stream.asObservable().subscribe(onNext: { _ in first.signal() })
    continuation.yield(1)
    await first.wait()
    subscription.dispose()
    await terminated.wait()
  }
}

@Suite struct TraitObserverThreadingTests {
  @Test func concurrentReportsToASingleObserverDeliverExactlyOne() async throws {
    for _ in 0..<20 {
      let single = Single<Int>.create { observer in
        DispatchQueue.concurrentPerform(iterations: 8) { index in
          observer(index.isMultiple(of: 2) ? .success(index) : .failure(AsyncFailure.offline))
        }
        return Disposables.create()
      }
      let outcomes = Atomic<Int>(0)
      _ = single.subscribe(
        onSuccess: { _ in outcomes.add(1, ordering: .relaxed) },
        onFailure: { _ in outcomes.add(1, ordering: .relaxed) })
      expectEqual(outcomes.load(ordering: .relaxed), 1)
    }
  }

  @Test func maybeAndCompletableObserversCanBeCalledFromAnotherQueue() async throws {
    let maybe = Maybe<Int>.create { observer in
      DispatchQueue.global().async { observer(.success(3)) }
      return Disposables.create()
    }
    let completable = Completable.create { observer in
      DispatchQueue.global().async { observer(.completed) }
      return Disposables.create()
    }
    #expect(try await maybe.value == 3)
    try await completable.value
  }
}
