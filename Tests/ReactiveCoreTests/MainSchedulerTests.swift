import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

/// `MainScheduler` decides "on the main queue" with a queue-specific key. Swift Testing runs a
/// `@MainActor` test on the main queue, often on a thread that is not the main thread, which is
/// exactly where `Thread.isMainThread` would give the wrong answer.
@Suite struct MainSchedulerTests {
  final class Log: @unchecked Sendable {
    // `entries` is guarded by `lock`.
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
  }

  @Test @MainActor func onTheMainQueueScheduleRunsAtOnce() {
    let main = MainScheduler()
    #expect(MainScheduler.isOnMainQueue)
    let log = Log()
    _ = main.schedule(()) { _ in
      log.append("ran")
      return Disposables.create()
    }
    log.append("returned")
    expectEqual(log.all, ["ran", "returned"])
    MainScheduler.ensureExecutingOnScheduler()
    MainScheduler.ensureRunningOnMainThread()
  }

  @Test @MainActor func workScheduledFromInsideAnInlineActionIsEnqueued() async {
    let main = MainScheduler()
    let log = Log()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = main.schedule(()) { _ in
        log.append("outer")
        _ = main.schedule(()) { _ in
          log.append("inner")
          continuation.resume()
          return Disposables.create()
        }
        log.append("outer done")
        return Disposables.create()
      }
    }
    expectEqual(log.all, ["outer", "outer done", "inner"])
  }

  @Test @MainActor func workScheduledFromInsideAnEnqueuedActionIsEnqueuedToo() async {
    let main = MainScheduler()
    let log = Log()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = main.schedule(()) { _ in
        log.append("1")
        _ = main.schedule(()) { _ in
          log.append("3")
          _ = main.schedule(()) { _ in
            log.append("5")
            continuation.resume()
            return Disposables.create()
          }
          log.append("4")
          return Disposables.create()
        }
        log.append("2")
        return Disposables.create()
      }
    }
    expectEqual(log.all, ["1", "2", "3", "4", "5"])
  }

  @Test @MainActor func disposingAnEnqueuedActionCancelsIt() async {
    let main = MainScheduler()
    let log = Log()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = main.schedule(()) { _ in
        log.append("1")
        let cancelled = main.schedule(()) { _ in
          log.append("never")
          return Disposables.create()
        }
        _ = main.schedule(()) { _ in
          log.append("3")
          let last = main.schedule(()) { _ in
            log.append("never either")
            return Disposables.create()
          }
          last.dispose()
          // Enqueued after the cancelled action, so it runs after where that would have run.
          _ = MainScheduler.asyncInstance.schedule(()) { _ in
            continuation.resume()
            return Disposables.create()
          }
          return Disposables.create()
        }
        cancelled.dispose()
        log.append("2")
        return Disposables.create()
      }
    }
    expectEqual(log.all, ["1", "2", "3"])
  }

  @Test func offTheMainQueueScheduleEnqueuesOnTheMainQueue() async {
    let main = MainScheduler()
    #expect(!MainScheduler.isOnMainQueue)
    let ranOnMainQueue = await withCheckedContinuation { continuation in
      _ = main.schedule(()) { _ in
        continuation.resume(returning: MainScheduler.isOnMainQueue)
        return Disposables.create()
      }
    }
    #expect(ranOnMainQueue)
  }

  @Test @MainActor func theAsyncInstanceEnqueuesEvenOnTheMainQueue() async {
    let log = Log()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = MainScheduler.asyncInstance.schedule(()) { _ in
        log.append("ran")
        continuation.resume()
        return Disposables.create()
      }
      log.append("returned")
    }
    expectEqual(log.all, ["returned", "ran"])
  }

  @Test @MainActor func theConcurrentMainSchedulerRunsAtOnceOnTheMainQueue() {
    let log = Log()
    _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
      log.append("ran")
      _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
        log.append("nested")
        return Disposables.create()
      }
      return Disposables.create()
    }
    log.append("returned")
    expectEqual(log.all, ["ran", "nested", "returned"])
  }

  @Test @MainActor func observeOnMainDeliversSynchronouslyOnTheMainQueue() {
    let main = MainScheduler()
    let subject = PublishSubject<Int>()
    let log = Log()
    let subscription = subject.observe(on: main)
      .subscribe(onNext: { log.append("\($0)") })
    subject.onNext(1)
    expectEqual(log.all, ["1"])
    subject.onNext(2)
    expectEqual(log.all, ["1", "2"])
    subscription.dispose()
  }

  @Test @MainActor func aNestedEventIsEnqueuedBehindTheOneBeingHandled() async {
    let main = MainScheduler()
    let subject = PublishSubject<Int>()
    let log = Log()
    let subscription = subject.observe(on: main)
      .subscribe(onNext: { value in
        log.append("start \(value)")
        if value == 1 { subject.onNext(2) }
        log.append("end \(value)")
      })
    subject.onNext(1)
    expectEqual(log.all, ["start 1", "end 1"])
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    expectEqual(log.all, ["start 1", "end 1", "start 2", "end 2"])
    subscription.dispose()
  }

  @Test @MainActor func eachInstanceCountsOnlyItsOwnActions() async {
    let first = MainScheduler()
    let second = MainScheduler()
    let log = Log()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = first.schedule(()) { _ in
        log.append("first")
        _ = second.schedule(()) { _ in
          log.append("second, at once")
          return Disposables.create()
        }
        _ = first.schedule(()) { _ in
          log.append("first again, enqueued")
          continuation.resume()
          return Disposables.create()
        }
        log.append("first done")
        return Disposables.create()
      }
    }
    expectEqual(log.all, ["first", "second, at once", "first done", "first again, enqueued"])
  }

  @Test @MainActor func anActionScheduledBehindAWaitingOneWaitsToo() async {
    let main = MainScheduler()
    let log = Log()
    // From another thread: enqueued, and waiting while this test holds the main queue.
    DispatchQueue.global().sync {
      _ = main.schedule(()) { _ in
        log.append("waiting one")
        return Disposables.create()
      }
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = main.schedule(()) { _ in
        log.append("later one")
        continuation.resume()
        return Disposables.create()
      }
      log.append("returned")
    }
    expectEqual(log.all, ["returned", "waiting one", "later one"])
  }

  @Test func drivesAndSignalsEachGetASchedulerOfTheirOwn() {
    let first = SharingScheduler.make() as? MainScheduler
    let second = SharingScheduler.make() as? MainScheduler
    #expect(first != nil && second != nil)
    #expect(first !== second && first !== MainScheduler.instance)
  }

  @Test func observeOnMainKeepsTheOrderOfEventsSentFromAnotherThread() async {
    let main = MainScheduler()
    let subject = PublishSubject<Int>()
    let log = Log()
    let allOnMain = await withCheckedContinuation { continuation in
      var onMain = true
      let subscription = subject.observe(on: main)
        .subscribe(
          onNext: { value in
            onMain = onMain && MainScheduler.isOnMainQueue
            log.append("\(value)")
          },
          onCompleted: { continuation.resume(returning: onMain) })
      DispatchQueue.global().async {
        for value in 0..<200 { subject.onNext(value) }
        subject.onCompleted()
        _ = subscription
      }
    }
    #expect(allOnMain)
    expectEqual(log.all, (0..<200).map(String.init))
  }

  @Test func disposingStopsEventsStillWaitingForTheMainQueue() async {
    let main = MainScheduler()
    let subject = PublishSubject<Int>()
    let log = Log()
    let counter = ResourceCounter()
    let subscription = counter.measure {
      subject.observe(on: main).subscribe(onNext: { log.append("\($0)") })
    }
    let blocker = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { blocker.wait() }
    subject.onNext(1)
    subscription.dispose()
    blocker.signal()
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
    #expect(log.all.isEmpty)
    expectEqual(counter.live, 0)
  }
}
