import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Synchronization
import Testing

@Suite struct ObserveOnTests {
  @Test func observeOnAVirtualSchedulerDeliversEachEventAsAScheduledAction() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(210, 2), .next(220, 3), .completed(230),
    ])
    let observer = scheduler.start { source.observe(on: scheduler) }
    expectEqual(
      observer.events, [.next(211, 1), .next(212, 2), .next(221, 3), .completed(231)])
    expectEqual(source.subscriptions, [Subscription(200, 230)])
  }

  @Test func disposingDropsEventsWaitingForTheScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
    let observer = counter.measure {
      scheduler.start(disposed: 300) { source.observe(on: scheduler) }
    }
    expectEqual(observer.events, [.next(211, 1)])
    expectEqual(counter.live, 0)
  }

  @Test func observeOnASerialQueueKeepsOrderAndRunsOnThatQueue() {
    let key = DispatchSpecificKey<Int>()
    let scheduler = SerialDispatchQueueScheduler(
      internalSerialQueueName: "test.observe.on",
      serialQueueConfiguration: { $0.setSpecific(key: key, value: 1) })
    let subject = PublishSubject<Int>()
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var received: [Int] = []
    nonisolated(unsafe) var onQueue = true
    let subscription = subject.observe(on: scheduler).subscribe(
      onNext: { value in
        onQueue = onQueue && DispatchQueue.getSpecific(key: key) == 1
        received.append(value)
      },
      onCompleted: { done.signal() })
    for value in 0..<500 { subject.onNext(value) }
    subject.onCompleted()
    expectEqual(done.wait(timeout: .now() + 10), .success)
    expectEqual(received, Array(0..<500))
    #expect(onQueue)
    subscription.dispose()
  }

  @Test func observeOnASerialQueueEnqueuesEachEventWhenItArrives() {
    // As in RxSwift: two events that arrive before a block is scheduled on the same queue are
    // delivered before that block runs. The queue is held until all three are in place, so the
    // order does not depend on timing.
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observe.order")
    let hold = DispatchSemaphore(value: 0)
    let held = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let order = Mutex<[String]>([])
    _ = scheduler.schedule(()) { _ in
      held.signal()
      hold.wait()
      return Disposables.create()
    }
    expectEqual(held.wait(timeout: .now() + 60), .success)
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: scheduler).subscribe(
      onNext: { value in order.withLock { $0.append("next(\(value))") } },
      onCompleted: {
        order.withLock { $0.append("completed") }
        finished.signal()
      })
    subject.onNext(1)
    subject.onNext(2)
    _ = scheduler.schedule(()) { _ in
      order.withLock { $0.append("block") }
      finished.signal()
      return Disposables.create()
    }
    subject.onCompleted()
    hold.signal()
    expectEqual(finished.wait(timeout: .now() + 60), .success)
    expectEqual(finished.wait(timeout: .now() + 60), .success)
    expectEqual(order.withLock { $0 }, ["next(1)", "next(2)", "block", "completed"])
    subscription.dispose()
  }

  @Test func observeOnAConcurrentQueueDeliversOneEventAtATimeInOrder() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
    let subject = PublishSubject<Int>()
    let done = DispatchSemaphore(value: 0)
    let lock = NSLock()
    nonisolated(unsafe) var received: [Int] = []
    nonisolated(unsafe) var inside = 0
    nonisolated(unsafe) var overlapped = false
    let subscription = subject.observe(on: scheduler).subscribe(
      onNext: { value in
        lock.withLock {
          inside += 1
          if inside > 1 { overlapped = true }
        }
        received.append(value)
        lock.withLock { inside -= 1 }
      },
      onCompleted: { done.signal() })
    for value in 0..<500 { subject.onNext(value) }
    subject.onCompleted()
    expectEqual(done.wait(timeout: .now() + 10), .success)
    expectEqual(received, Array(0..<500))
    #expect(!overlapped)
    subscription.dispose()
  }
}
