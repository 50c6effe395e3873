import ReactiveCore
import ReactiveTesting
import Testing
import XCTest

@testable import ReactiveTestingBase

private enum Refusal: Error {
  case denied
  case missing
}

/// The outcomes of `Single`, `Maybe` and `Completable` compare as events do, in `XCTAssertEqual`
/// and with `==`.
final class TraitEventXCTests: XCTestCase {
  func testSingleOutcomesCompare() {
    var outcomes: [SingleEvent<Int>] = []
    _ = Single.just(3).subscribe { outcomes.append($0) }
    _ = Single<Int>.error(Refusal.denied).subscribe { outcomes.append($0) }
    XCTAssertEqual(outcomes, [.success(3), .failure(Refusal.denied)])
  }

  func testMaybeOutcomesCompare() {
    var outcomes: [MaybeEvent<String>] = []
    _ = Maybe.just("a").subscribe { outcomes.append($0) }
    _ = Maybe<String>.empty().subscribe { outcomes.append($0) }
    XCTAssertEqual(outcomes, [.success("a"), .completed])
  }

  func testCompletableOutcomesCompare() {
    var outcomes: [CompletableEvent] = []
    _ = Completable.empty().subscribe { outcomes.append($0) }
    _ = Completable.error(Refusal.missing).subscribe { outcomes.append($0) }
    XCTAssertEqual(outcomes, [.completed, .error(Refusal.missing)])
  }
}

@Suite struct TraitEventEqualityTests {
  @Test func singleOutcomesDifferByElementErrorOrKind() {
    #expect(singleEventsMatch(SingleEvent<Int>.success(1), .success(1)))
    #expect(!singleEventsMatch(SingleEvent<Int>.success(1), .success(2)))
    #expect(singleEventsMatch(SingleEvent<Int>.failure(Refusal.denied), .failure(Refusal.denied)))
    #expect(!singleEventsMatch(SingleEvent<Int>.failure(Refusal.denied), .failure(Refusal.missing)))
    #expect(!singleEventsMatch(SingleEvent<Int>.success(1), .failure(Refusal.denied)))
  }

  @Test func maybeAndCompletableOutcomesDifferByElementErrorOrKind() {
    expectEqual(MaybeEvent.success(1), .success(1))
    #expect(MaybeEvent.success(1) != .success(2))
    #expect(MaybeEvent<Int>.completed != .success(1))
    #expect(MaybeEvent<Int>.error(Refusal.denied) != .error(Refusal.missing))
    expectEqual(CompletableEvent.completed, .completed)
    expectEqual(CompletableEvent.error(Refusal.denied), .error(Refusal.denied))
    #expect(CompletableEvent.error(Refusal.denied) != .completed)
  }
}
