import ReactiveCore
import ReactiveTesting
import XCTest

/// Expressions as RxSwift's own tests write them, with arithmetic in `Recorded.events`
/// arguments. They compile only while the overloads of `Recorded.events` stay few: compiling
/// this file is the check that the type checker still finishes on them in time.
final class TypeCheckerTests: XCTestCase {
  func testTwoMapsInARowWithArithmeticExpectations() {
    let scheduler = TestScheduler(initialClock: 0)
    let prices = scheduler.createHotObservable([
      .next(150, 9), .next(210, 1), .next(220, 3), .next(230, 5), .completed(260),
    ])
    let observer = scheduler.start { prices.map { $0 * 100 }.map { $0 - 1 } }
    let expected = Recorded.events(
      .next(210, 1 * 100 - 1), .next(220, 3 * 100 - 1), .next(230, 5 * 100 - 1),
      .completed(260))
    XCTAssertEqual(observer.events, expected)
  }

  func testReduceWithASeedAndAResultWithArithmeticExpectations() {
    let scheduler = TestScheduler(initialClock: 0)
    let amounts = scheduler.createHotObservable([
      .next(210, 2), .next(220, 4), .next(230, 6), .completed(240),
    ])
    let total = scheduler.start { amounts.reduce(100, accumulator: +) }
    let scaled = scheduler.start(created: 300, subscribed: 400, disposed: 1_000) {
      amounts.reduce(100, accumulator: +) { $0 * 3 }
    }
    XCTAssertEqual(total.events, Recorded.events(.next(240, 100 + 2 + 4 + 6), .completed(240)))
    XCTAssertEqual(scaled.events, [])
  }

  func testCombineLatestFactoriesWithArithmeticExpectations() {
    let factories: [(TestableObservable<Int>, TestableObservable<Int>) -> Observable<Int>] = [
      { left, right in Observable.combineLatest(left, right) { a, b in a * b } },
      { left, right in Observable.combineLatest(left, right).map { a, b in a * b } },
    ]
    for factory in factories {
      let scheduler = TestScheduler(initialClock: 0)
      let left = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .completed(240)])
      let right = scheduler.createHotObservable([
        .next(220, 5), .next(235, 7), .next(245, 11), .completed(250),
      ])
      let observer = scheduler.start { factory(left, right) }
      let expected = Recorded.events(
        .next(220, 2 * 5), .next(230, 3 * 5), .next(235, 3 * 7), .next(245, 3 * 11),
        .completed(250))
      XCTAssertEqual(observer.events, expected)
    }
  }
}
