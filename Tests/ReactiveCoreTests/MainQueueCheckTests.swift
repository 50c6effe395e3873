import Dispatch
import ReactiveCore
import ReactiveTesting
import Testing

@testable import ReactiveCoreBase

/// `drive` and `emit` stop the program when a sequence that delivers on the main queue is
/// subscribed from elsewhere. That path cannot run in-process without ending the test run,
/// so these tests check the predicate it uses, and that the passing path passes.
@Suite struct MainQueueCheckTests {
  @Test @MainActor func driveOnTheMainActorPassesTheCheckAndDeliversOnTheMainQueue() async {
    // A @MainActor Swift Testing test runs on the main queue, though not on the main thread.
    #expect(MainScheduler.isOnMainQueue)
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver()
    #expect(driver.deliversOnMain)
    #expect(driver.mayBeSubscribedHere)
    var values: [Int] = []
    var queues: [Bool] = []
    let subscription = driver.drive(onNext: {
      values.append($0)
      queues.append(MainScheduler.isOnMainQueue)
    })
    relay.accept(2)
    // Delivery is immediate on the main queue unless other main-queue work is pending; then
    // it follows that work.
    for _ in 0..<100 where values.count < 2 { await Task.yield() }
    subscription.dispose()
    expectEqual(values, [1, 2])
    expectEqual(queues, [true, true])
  }

  @Test @MainActor func emitOnTheMainActorPassesTheCheck() async {
    let relay = PublishRelay<String>()
    let signal = relay.asSignal()
    #expect(signal.mayBeSubscribedHere)
    var values: [String] = []
    let subscription = signal.emit(onNext: { values.append($0) })
    relay.accept("hello")
    for _ in 0..<100 where values.isEmpty { await Task.yield() }
    subscription.dispose()
    expectEqual(values, ["hello"])
  }

  @Test func offTheMainQueueAnUnmockedDriverMayNotBeDriven() {
    #expect(!MainScheduler.isOnMainQueue)
    let driver = BehaviorRelay(value: 1).asDriver()
    let signal = PublishRelay<Int>().asSignal()
    #expect(driver.deliversOnMain)
    #expect(!driver.mayBeSubscribedHere)
    #expect(!signal.mayBeSubscribedHere)
    #expect(!driver.map { $0 + 1 }.mayBeSubscribedHere)
    #expect(!Driver.just(1).mayBeSubscribedHere)
  }

  @Test func aMockedSequenceMayBeSubscribedAnywhere() {
    let scheduler = CountingScheduler()
    let (driver, signal) = SharingScheduler.mock(scheduler: scheduler) {
      (BehaviorRelay(value: 1).asDriver(), PublishRelay<Int>().asSignal())
    }
    #expect(!driver.deliversOnMain)
    #expect(driver.mayBeSubscribedHere)
    #expect(signal.mayBeSubscribedHere)
  }

  @Test func combiningAMockedAndAnUnmockedSequenceRequiresTheMainQueue() {
    let unmocked = BehaviorRelay(value: 1).asDriver()
    let mocked = SharingScheduler.mock(scheduler: CountingScheduler()) {
      BehaviorRelay(value: 2).asDriver()
    }
    #expect(!Driver.combineLatest(mocked, unmocked) { $0 + $1 }.mayBeSubscribedHere)
    #expect(!Driver.merge(mocked, unmocked).mayBeSubscribedHere)
    #expect(!mocked.withLatestFrom(unmocked).mayBeSubscribedHere)
    #expect(Driver.merge(mocked, mocked).mayBeSubscribedHere)
  }

  @Test func theMainQueueCheckDoesNotTrustTheThread() async {
    // Work sent to the main queue passes; work on another queue does not, whatever thread
    // either runs on.
    let onMain = await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: MainScheduler.isOnMainQueue) }
    }
    let onGlobal = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: MainScheduler.isOnMainQueue) }
    }
    #expect(onMain)
    #expect(!onGlobal)
  }
}
