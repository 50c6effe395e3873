import Dispatch
import ReactiveCore
import ReactiveTesting
import Testing

/// `SharingScheduler.mock` is task-local: these cases run in parallel (Swift Testing's
/// default), each with its own scheduler, and each must see only its own.
@Suite struct SharingSchedulerTests {
  @Test(arguments: 0..<100)
  func parallelMocksStayApart(index: Int) {
    let scheduler = CountingScheduler("case \(index)")
    let relay = PublishRelay<String>()
    var received: [String] = []
    SharingScheduler.mock(scheduler: scheduler) {
      #expect(SharingScheduler.make() as? CountingScheduler === scheduler)
      let driver = relay.asDriver().map { "\($0) on \(scheduler.name)" }
      let subscription = driver.drive(onNext: { received.append($0) })
      relay.accept("title \(index)")
      subscription.dispose()
    }
    expectEqual(received, ["title \(index) on case \(index)"])
    expectEqual(scheduler.actions, 1)
    #expect(!(SharingScheduler.make() is CountingScheduler))
  }

  @Test(arguments: 0..<100)
  func parallelAsyncMocksStayApartAcrossSuspensions(index: Int) async {
    let scheduler = CountingScheduler("async case \(index)")
    let relay = PublishRelay<Int>()
    var received: [Int] = []
    await SharingScheduler.mock(scheduler: scheduler) {
      await Task.yield()
      let signal = relay.asSignal()
      await Task.yield()
      let subscription = signal.emit(onNext: { received.append($0) })
      relay.accept(index)
      await Task.yield()
      relay.accept(index + 1000)
      subscription.dispose()
      #expect(SharingScheduler.make() as? CountingScheduler === scheduler)
    }
    expectEqual(received, [index, index + 1000])
    expectEqual(scheduler.actions, 2)
  }

  @Test func aSequenceKeepsTheSchedulerItWasCreatedWith() {
    let scheduler = CountingScheduler()
    let relay = BehaviorRelay(value: 1)
    let driver = SharingScheduler.mock(scheduler: scheduler) { relay.asDriver() }
    // Subscribed after the mock ended, off the main queue: still delivered on the mock.
    var values: [Int] = []
    let subscription = driver.drive(onNext: { values.append($0) })
    relay.accept(2)
    subscription.dispose()
    expectEqual(values, [1, 2])
    expectEqual(scheduler.actions, 2)
  }

  @Test func makeSchedulerIsCalledForEachSequence() {
    var made: [CountingScheduler] = []
    SharingScheduler.mock(makeScheduler: {
      let scheduler = CountingScheduler("made \(made.count)")
      made.append(scheduler)
      return scheduler
    }) {
      _ = Driver.just(1).drive()
      _ = Signal.just(2).emit()
    }
    expectEqual(made.map(\.name), ["made 0", "made 1"])
    expectEqual(made.map(\.actions), [2, 2])  // one action for the element, one for the end
  }

  @Test func asyncMakeSchedulerOverload() async {
    var made = 0
    let name = await SharingScheduler.mock(makeScheduler: {
      made += 1
      return CountingScheduler("made")
    }) {
      await Task.yield()
      return (SharingScheduler.make() as? CountingScheduler)?.name
    }
    expectEqual(name, "made")
    expectEqual(made, 1)
  }

  @Test func mocksNestAndRestore() {
    let outer = CountingScheduler("outer")
    let inner = CountingScheduler("inner")
    var names: [String?] = []
    SharingScheduler.mock(scheduler: outer) {
      names.append((SharingScheduler.make() as? CountingScheduler)?.name)
      SharingScheduler.mock(scheduler: inner) {
        names.append((SharingScheduler.make() as? CountingScheduler)?.name)
      }
      names.append((SharingScheduler.make() as? CountingScheduler)?.name)
    }
    names.append((SharingScheduler.make() as? CountingScheduler)?.name)
    expectEqual(names, ["outer", "inner", "outer", nil])
  }

  @Test func childTasksInheritTheMockButDetachedTasksAndQueuesDoNot() async {
    let scheduler = CountingScheduler("mine")
    let seen = await SharingScheduler.mock(scheduler: scheduler) {
      () async -> (child: Bool, detached: Bool, queue: Bool) in
      let child = await Task { SharingScheduler.make() is CountingScheduler }.value
      let detached = await Task.detached { SharingScheduler.make() is CountingScheduler }.value
      let queue = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(returning: SharingScheduler.make() is CountingScheduler)
        }
      }
      return (child, detached, queue)
    }
    #expect(seen.child)
    #expect(!seen.detached)
    #expect(!seen.queue)
  }

  @Test func theSynchronousMockCanBeCalledFromAsynchronousCode() async {
    let scheduler = CountingScheduler()
    await Task.yield()
    let name = SharingScheduler.mock(scheduler: scheduler) {
      (SharingScheduler.make() as? CountingScheduler)?.name
    }
    expectEqual(name, "counting")
  }
}
