import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct BlockingTests {
  @Test func toArrayFirstAndLastReadAFinishedSequence() throws {
    let squares = Observable.of(1, 2, 3).map { $0 * $0 }
    #expect(try squares.toBlocking().toArray() == [1, 4, 9])
    #expect(try squares.toBlocking().first() == 1)
    #expect(try squares.toBlocking().last() == 9)
    #expect(try Observable<Int>.empty().toBlocking().first() == nil)
    #expect(try Observable<Int>.empty().toBlocking().last() == nil)
  }

  @Test func aSourceOnAnotherQueueIsWaitedFor() throws {
    let delayed = Observable.just("done")
      .delay(.milliseconds(20), scheduler: ConcurrentDispatchQueueScheduler(qos: .userInitiated))
    #expect(try delayed.toBlocking(timeout: 5).single() == "done")
  }

  @Test func materializeReportsAFailureWithTheElementsBeforeIt() {
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      observer.onError(TestFailure.broken)
      return Disposables.create()
    }
    guard case .failed(let elements, let error) = failing.toBlocking().materialize() else {
      Issue.record("expected a failure")
      return
    }
    expectEqual(elements, [1, 2])
    #expect(error as? TestFailure == .broken)
  }

  @Test func materializeReportsACompletion() {
    guard case .completed(let elements) = Observable.of("a", "b").toBlocking().materialize() else {
      Issue.record("expected a completion")
      return
    }
    expectEqual(elements, ["a", "b"])
  }

  @Test func toArrayThrowsTheSequencesError() {
    #expect(throws: TestFailure.broken) {
      _ = try Observable<Int>.error(TestFailure.broken).toBlocking().toArray()
    }
  }

  @Test func aSequenceThatNeverEndsTimesOut() {
    #expect(throws: RxError.self) {
      _ = try Observable<Int>.never().toBlocking(timeout: 0.05).toArray()
    }
    do {
      _ = try Observable<Int>.never().toBlocking(timeout: 0.05).first()
      Issue.record("expected a timeout")
    } catch RxError.timeout {
    } catch {
      Issue.record("expected RxError.timeout, got \(error)")
    }
    guard
      case .failed(_, let error) = Observable<Int>.never().toBlocking(timeout: 0.05)
        .materialize()
    else {
      Issue.record("expected a failure")
      return
    }
    #expect(error is RxError)
  }

  @Test func singleRequiresExactlyOneElement() throws {
    #expect(try Observable.just(7).toBlocking().single() == 7)
    do {
      _ = try Observable<Int>.empty().toBlocking().single()
      Issue.record("expected noElements")
    } catch RxError.noElements {}
    do {
      _ = try Observable.of(1, 2).toBlocking().single()
      Issue.record("expected moreThanOneElement")
    } catch RxError.moreThanOneElement {}
    #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
    do {
      _ = try Observable.of(1, 2, 3).toBlocking().single { $0 > 1 }
      Issue.record("expected moreThanOneElement")
    } catch RxError.moreThanOneElement {}
  }

  @Test func firstStopsListeningAfterTheFirstElement() throws {
    let counter = ResourceCounter()
    let first = try counter.measure {
      try Observable<Int>.interval(
        .milliseconds(1), scheduler: SerialDispatchQueueScheduler(qos: .userInitiated)
      )
      .toBlocking(timeout: 5).first()
    }
    expectEqual(first, 0)
    expectEqual(counter.live, 0)
  }
}
