import Dispatch
import ReactiveCore
import ReactiveTesting
import Testing

@testable import ReactiveCoreBase

@Suite struct DrivingTests {
  @Test func aSecondThreadIsToldApartFromAReentrantCall() {
    let driver = ExclusiveDriver()
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var onTheDrivingThread: [ExclusiveDriver.Entry] = []
    DispatchQueue.global().async {
      onTheDrivingThread.append(driver.enter())
      onTheDrivingThread.append(driver.enter())
      onTheDrivingThread.append(driver.check())
      holding.signal()
      release.wait()
      driver.leave()
      finished.signal()
    }
    holding.wait()
    let fromHere = driver.enter()
    let checkFromHere = driver.check()
    release.signal()
    finished.wait()
    let afterLeave = driver.enter()
    driver.leave()

    expectEqual(onTheDrivingThread, [.entered, .reentered, .reentered])
    expectEqual(fromHere, .concurrent)
    expectEqual(checkFromHere, .concurrent)
    expectEqual(afterLeave, .entered)
  }

  @Test func aSchedulerCanBeDrivenByAnotherThreadThanTheOneThatMadeIt() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var events: [Recorded<Event<Int>>] = []
    DispatchQueue.global().async {
      events = scheduler.start { source.asObservable() }.events
      done.signal()
    }
    done.wait()
    expectEqual(events, [.next(210, 1), .completed(220)])
  }

  @Test func startFromInsideAnActionDoesNothing() {
    let scheduler = TestScheduler(initialClock: 0)
    var order: [String] = []
    scheduler.scheduleAt(10) {
      order.append("outer")
      scheduler.start()
      order.append("after nested start")
    }
    scheduler.scheduleAt(20) { order.append("later") }
    scheduler.start()
    expectEqual(order, ["outer", "after nested start", "later"])
  }
}

/// Swift Testing runs these cases in parallel, each on whatever thread it gets, each with its own
/// scheduler: nothing is shared, so nothing interferes.
@Suite struct ParallelSchedulerTests {
  @Test(arguments: 0..<100)
  func everyCaseRunsItsOwnTimeline(index: Int) {
    let scheduler = TestScheduler(
      initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let source = scheduler.createColdObservable([.next(10, "title \(index)"), .completed(20)])

    let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1_000) {
      source.asObservable().delay(.milliseconds(100), scheduler: scheduler)
    }

    expectEqual(observer.events, [.next(110, "title \(index)"), .completed(120)])
  }
}

/// The case that crashes RxSwift's process when Swift Testing runs it in parallel: each case
/// mocks the sharing scheduler with its own `TestScheduler`. Here the mock is task-local, so
/// every Driver is built on its own case's scheduler.
@Suite struct ParallelSharingMockTests {
  @Test(arguments: 0..<100)
  func aMockedDriverRunsOnItsOwnCasesClock(index: Int) {
    let scheduler = TestScheduler(
      initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    SharingScheduler.mock(scheduler: scheduler) {
      let source = scheduler.createColdObservable([.next(10, "title \(index)"), .completed(20)])
      let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1_000) {
        source.asObservable()
          .delay(.milliseconds(100), scheduler: scheduler)
          .asDriver(onErrorJustReturn: "")
          .asObservable()
      }
      expectEqual(observer.events, [.next(110, "title \(index)"), .completed(120)])
    }
  }
}
