import Foundation
import ReactiveCore
import ReactiveTesting
import XCTest

final class XCTestStyleTests: XCTestCase {
  func testScanOnAVirtualTimeline() {
    let scheduler = TestScheduler(initialClock: 0)
    let taps = scheduler.createHotObservable([
      .next(210, 1), .next(220, 1), .next(230, 1), .completed(240),
    ])

    let observer = scheduler.start { taps.scan(0, accumulator: +) }

    XCTAssertEqual(
      observer.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
  }

  func testElementsWithoutTheirTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(5, "a"), .next(9, "b"), .completed(10)])

    let observer = scheduler.start { source.asObservable() }

    XCTAssertEqual(observer.events.compactMap(\.value.element), ["a", "b"])
    XCTAssertEqual(observer.events.map(\.value), [.next("a"), .next("b"), .completed])
  }

  func testRecordedElementsIgnoreTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(250, 1), .next(300, 2)])

    let observer = scheduler.start { source.map { $0 * 10 } }

    XCTAssertRecordedElements(observer.events, [10, 20])
  }

  func testOptionalElementsCompare() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(250, Int?.none), .next(300, 2)])

    let observer = scheduler.start { source.asObservable() }

    XCTAssertEqual(observer.events, [.next(250, nil), .next(300, 2)])
  }

  /// XCTest runs its tests on the main thread, so the blocking wait turns the main run loop and
  /// an element delivered through the main queue still arrives.
  func testBlockingOnTheMainThreadLetsTheMainQueueRun() throws {
    XCTAssertTrue(Thread.isMainThread)
    let delivered = Observable.of(1, 2, 3).observe(on: MainScheduler.asyncInstance)
    XCTAssertEqual(try delivered.toBlocking(timeout: 5).toArray(), [1, 2, 3])
  }
}
