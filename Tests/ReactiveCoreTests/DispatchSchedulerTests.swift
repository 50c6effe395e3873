import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

/// Dispatch-based schedulers run on real queues. These tests wait for the work with semaphores
/// bounded by a generous timeout; none of them sleeps to let time pass.
@Suite struct DispatchSchedulerTests {
  final class Recorder: @unchecked Sendable {
    // `values` is guarded by `lock`.
    private let lock = NSLock()
    private var values: [String] = []

    func append(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
  }

  @Test func aSerialQueueSchedulerRunsActionsInOrderOnItsQueue() {
    let key = DispatchSpecificKey<Int>()
    let scheduler = SerialDispatchQueueScheduler(
      internalSerialQueueName: "test.serial.order",
      serialQueueConfiguration: { $0.setSpecific(key: key, value: 7) })
    let recorder = Recorder()
    let done = DispatchSemaphore(value: 0)
    for index in 0..<20 {
      _ = scheduler.schedule(index) { index in
        recorder.append("\(index):\(DispatchQueue.getSpecific(key: key) ?? 0)")
        if index == 19 { done.signal() }
        return Disposables.create()
      }
    }
    expectEqual(done.wait(timeout: .now() + 10), .success)
    expectEqual(recorder.all, (0..<20).map { "\($0):7" })
  }

  @Test func disposingBeforeTheActionRunsCancelsIt() {
    let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
    let blocker = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let recorder = Recorder()
    _ = scheduler.schedule(()) { _ in
      blocker.wait()
      return Disposables.create()
    }
    let cancelled = scheduler.schedule(()) { _ in
      recorder.append("cancelled ran")
      return Disposables.create()
    }
    _ = scheduler.schedule(()) { _ in
      recorder.append("last")
      done.signal()
      return Disposables.create()
    }
    cancelled.dispose()
    blocker.signal()
    expectEqual(done.wait(timeout: .now() + 10), .success)
    expectEqual(recorder.all, ["last"])
  }

  @Test func aRelativeActionWaitsAtLeastItsDueTime() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
    let done = DispatchSemaphore(value: 0)
    let start = DispatchTime.now()
    nonisolated(unsafe) var elapsed: UInt64 = 0
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
      elapsed = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
      done.signal()
      return Disposables.create()
    }
    expectEqual(done.wait(timeout: .now() + 10), .success)
    #expect(elapsed >= 20_000_000)
  }

  @Test func periodicWorkOnAQueueTicksUntilDisposed() {
    let scheduler = ConcurrentDispatchQueueScheduler(queue: .global(), leeway: .milliseconds(1))
    let done = DispatchSemaphore(value: 0)
    let ticks = Atomic<Int>(0)
    let periodic = scheduler.schedulePeriodic(
      0, startAfter: .milliseconds(1), period: .milliseconds(1)
    ) {
      count in
      if ticks.add(1, ordering: .relaxed).newValue == 3 { done.signal() }
      return count + 1
    }
    expectEqual(done.wait(timeout: .now() + 10), .success)
    periodic.dispose()
    let count = ticks.load(ordering: .relaxed)
    #expect(count >= 3)
  }

  @Test func aSerialSchedulerOverAConcurrentQueueStillRunsOneActionAtATime() {
    let concurrent = DispatchQueue(label: "test.concurrent.target", attributes: .concurrent)
    let scheduler = SerialDispatchQueueScheduler(
      queue: concurrent, internalSerialQueueName: "test.serial.over.concurrent")
    let running = Atomic<Int>(0)
    let overlapped = Atomic<Bool>(false)
    let done = DispatchSemaphore(value: 0)
    for index in 0..<50 {
      _ = scheduler.schedule(index) { index in
        if running.add(1, ordering: .relaxed).newValue > 1 {
          overlapped.store(true, ordering: .relaxed)
        }
        running.subtract(1, ordering: .relaxed)
        if index == 49 { done.signal() }
        return Disposables.create()
      }
    }
    expectEqual(done.wait(timeout: .now() + 10), .success)
    let didOverlap = overlapped.load(ordering: .relaxed)
    #expect(!didOverlap)
  }

  @Test func anOperationQueueSchedulerAddsOperationsWithItsPriority() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.isSuspended = true
    let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
    let recorder = Recorder()
    _ = scheduler.schedule("a") { value in
      recorder.append(value)
      return Disposables.create()
    }
    let cancelled = scheduler.schedule("b") { value in
      recorder.append(value)
      return Disposables.create()
    }
    cancelled.dispose()
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    expectEqual(recorder.all, ["a"])
    expectEqual(scheduler.queuePriority, .high)
    #expect(scheduler.operationQueue === queue)
  }

  @Test func aScheduledDisposableDisposesOnItsScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = BooleanDisposable()
    let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
    scheduler.scheduleAt(10) { scheduled.dispose() }
    scheduler.advanceTo(10)
    #expect(scheduled.isDisposed)
    #expect(!inner.isDisposed)
    scheduler.start()
    #expect(inner.isDisposed)
    expectEqual(scheduler.clock, 11)
  }
}
