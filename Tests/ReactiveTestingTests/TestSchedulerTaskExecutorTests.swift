import Dispatch
import ReactiveCore
import ReactiveTesting
import Testing

/// A continuation handed from a task to the test, to be resumed from elsewhere.
private final class Handoff: @unchecked Sendable {
  // `continuation` is written by the task and read by the driving thread, in that order: the
  // task stores it during a job that the same driving thread ran earlier.
  var continuation: CheckedContinuation<String, Never>?
}

/// A service whose calls run on whatever executor its caller prefers, as a default actor does.
private actor Counter {
  private(set) var count = 0
  func increment() -> Int {
    count += 1
    return count
  }
}

/// Async code on a `TestScheduler`: tasks that prefer it run their jobs as its actions, and its
/// `asyncClock` sleeps in virtual time.
@Suite struct TestSchedulerTaskExecutorTests {
  @Test func aTaskThatPrefersTheSchedulerSleepsExactlyToTheTick() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    scheduler.scheduleAt(100) {
      Task(executorPreference: scheduler) {
        log.on(.next("sleeps"))
        try await scheduler.asyncClock.sleep(for: .milliseconds(300))
        log.on(.next("wakes"))
        try await Task.sleep(for: .milliseconds(50), clock: scheduler.asyncClock)
        log.on(.next("wakes again"))
      }
    }
    scheduler.start()
    expectEqual(timeline(log.events), ["sleeps@100", "wakes@400", "wakes again@450"])
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func aJobRunsAfterTheActionsAlreadyDueAtItsTick() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    let clock = scheduler.asyncClock
    Task(executorPreference: scheduler) {
      log.on(.next("task starts"))
      try await clock.sleep(until: .init(offset: .milliseconds(300)))
      log.on(.next("task wakes"))
    }
    // Scheduled after the task asked for its alarm at 300, but before the alarm rang.
    scheduler.scheduleAt(200) { scheduler.scheduleAt(300) { log.on(.next("action")) } }
    scheduler.start()
    // The alarm rings first and makes the task's next job due at 300, after the action.
    expectEqual(timeline(log.events), ["task starts@0", "action@300", "task wakes@300"])
  }

  @Test func theDefaultProcessingDelayCostsATickPerResumption() {
    let scheduler = TestScheduler(initialClock: 0)  // one tick a second, with processing delay
    let log = scheduler.createObserver(String.self)
    Task(executorPreference: scheduler) {
      log.on(.next("starts"))
      try await scheduler.asyncClock.sleep(for: .seconds(300))
      log.on(.next("wakes"))
    }
    scheduler.start()
    // Enqueued at 0, the first job runs at 1; the alarm rings at 1 + 300 and the task
    // continues a tick later.
    expectEqual(timeline(log.events), ["starts@1", "wakes@302"])
  }

  @Test func startRunsJobsThatJobsEnqueue() async {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    let counter = Counter()
    Task(executorPreference: scheduler) {
      await withTaskGroup(of: Void.self) { group in
        for delay in [300, 100, 200] {
          group.addTask {
            try? await scheduler.asyncClock.sleep(for: .milliseconds(delay))
            let count = await counter.increment()
            log.on(.next("\(delay) ms, call \(count)"))
          }
        }
      }
      log.on(.next("all done"))
    }
    scheduler.start()
    expectEqual(
      timeline(log.events),
      [
        "100 ms, call 1@100", "200 ms, call 2@200", "300 ms, call 3@300", "all done@300",
      ])
    #expect(await counter.count == 3)
  }

  @Test func aContinuationResumedFromAnotherThreadRunsAtTheDriversNextAction() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    let handoff = Handoff()
    Task(executorPreference: scheduler) {
      let message = await withCheckedContinuation { handoff.continuation = $0 }
      log.on(.next(message))
    }
    scheduler.scheduleAt(100) {
      let resumed = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        handoff.continuation?.resume(returning: "from another thread")
        resumed.signal()
      }
      resumed.wait()
      log.on(.next("action ends"))
    }
    scheduler.start()
    expectEqual(timeline(log.events), ["action ends@100", "from another thread@100"])
  }

  @Test func aTaskCancelledWhileAsleepWakesAtOnce() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    let task = Task(executorPreference: scheduler) {
      do {
        try await scheduler.asyncClock.sleep(for: .seconds(10))
        log.on(.next("woke"))
      } catch {
        log.on(.next("\(type(of: error))"))
      }
    }
    scheduler.scheduleAt(250) { task.cancel() }
    scheduler.start()
    expectEqual(timeline(log.events), ["CancellationError@250"])
    expectEqual(scheduler.clock, 250)  // the alarm at 10,000 was disposed
  }

  @Test func aSleepBeyondTheEndOfTimeDoesNotWakeEarly() {
    let scheduler = TestScheduler.milliseconds(initialClock: 100)
    let log = scheduler.createObserver(String.self)
    let task = Task(executorPreference: scheduler) {
      do {
        try await scheduler.asyncClock.sleep(for: .seconds(Int64.max))
        log.on(.next("woke"))
      } catch {
        log.on(.next("\(type(of: error))"))
      }
    }
    scheduler.scheduleAt(200) { task.cancel() }
    scheduler.start()
    expectEqual(timeline(log.events), ["CancellationError@200"])
  }

  @Test func aTaskCancelledBeforeItSleepsDoesNotWait() {
    let scheduler = TestScheduler.milliseconds()
    let log = scheduler.createObserver(String.self)
    scheduler.scheduleAt(100) {
      let task = Task(executorPreference: scheduler) {
        do {
          try await scheduler.asyncClock.sleep(for: .milliseconds(500))
          log.on(.next("woke"))
        } catch {
          log.on(.next("\(type(of: error))"))
        }
      }
      task.cancel()
    }
    scheduler.start()
    expectEqual(timeline(log.events), ["CancellationError@100"])
  }

  @Test func theClockCountsTicksOfTheResolution() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.01, simulateProcessingDelay: false)
    let log = scheduler.createObserver(String.self)
    let clock = scheduler.asyncClock
    Task(executorPreference: scheduler) {
      let start = clock.now
      try await clock.sleep(for: .milliseconds(1_234))  // 123.4 ticks: rounded to 123
      log.on(.next("\(start.duration(to: clock.now))"))
      try await clock.sleep(for: .milliseconds(5))  // half a tick: rounded up to 1
      log.on(.next("\(clock.ticks(of: clock.now))"))
      try await clock.sleep(until: start)  // in the past: now
      log.on(.next("past"))
    }
    scheduler.start()
    expectEqual(timeline(log.events), ["1.23 seconds@123", "124@124", "past@124"])
    expectEqual(clock.minimumResolution, .milliseconds(10))
  }

  @Test func withTaskExecutorPreferenceReturnsTheOperationsResult() throws {
    let scheduler = TestScheduler.milliseconds()
    let woke = try scheduler.withTaskExecutorPreference {
      try await scheduler.asyncClock.sleep(for: .milliseconds(300))
      return scheduler.clock
    }
    expectEqual(woke, 300)
    #expect(throws: AsyncFailure.self) {
      try scheduler.withTaskExecutorPreference { () async throws -> Int in
        throw AsyncFailure.offline
      }
    }
  }

  @Test func withTaskExecutorPreferenceSaysWhenTheOperationCannotFinish() {
    let scheduler = TestScheduler.milliseconds()
    let never = Observable<Int>.never()
    let error = #expect(throws: TestSchedulerTaskDidNotFinish.self) {
      try scheduler.withTaskExecutorPreference {
        try await scheduler.asyncClock.sleep(for: .milliseconds(40))
        for try await _ in never.values {}
      }
    }
    expectEqual(error?.clock, 40)
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func aTaskOnTheSchedulerRunsWhereTheTestAwaitsIt() async throws {
    let scheduler = TestScheduler.milliseconds()
    let task = Task(executorPreference: scheduler) { () async throws -> TestTime in
      try await scheduler.asyncClock.sleep(for: .milliseconds(70))
      return scheduler.clock
    }
    scheduler.start()
    #expect(try await task.value == 70)
  }
}

enum AsyncFailure: Error { case offline }
