import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RetryWhenTests {
  @Test func retryWhenResubscribesEachTimeTheNotifierEmits() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestFailure.broken)])
    let observer = scheduler.start {
      source.asObservable().retry(when: { (errors: Observable<Swift.Error>) in
        errors.scan(0) { count, _ in count + 1 }
          .map { count -> Int in
            if count >= 3 { throw TestFailure.other }
            return count
          }
          .delay(.milliseconds(50), scheduler: scheduler)
      })
    }
    expectEqual(
      observer.events,
      [
        .next(210, 1), .next(280, 1), .next(350, 1), .error(360, TestFailure.other),
      ])
    expectEqual(
      source.subscriptions,
      [
        Subscription(200, 220), Subscription(270, 290), Subscription(340, 360),
      ])
  }

  @Test func retryWhenCompletesWhenTheNotifierCompletes() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestFailure.broken)])
    let observer = scheduler.start {
      source.asObservable().retry(when: { (_: Observable<Swift.Error>) in Observable<Int>.empty() })
    }
    expectEqual(observer.events, [.next(210, 1), .completed(220)])
  }

  @Test func typedRetryWhenForwardsOtherErrorsAtOnce() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, UnrelatedFailure())])
    let observer = scheduler.start {
      source.asObservable().retry(when: { (errors: Observable<TestFailure>) in
        errors.delay(.milliseconds(50), scheduler: scheduler)
      })
    }
    expectEqual(observer.events, [.next(210, 1), .error(220, UnrelatedFailure())])
    expectEqual(source.subscriptions, [Subscription(200, 220)])
  }

  @Test func typedRetryWhenRetriesItsOwnErrors() {
    let scheduler = millisecondScheduler()
    var attempts = 0
    let observer = scheduler.start {
      Observable<Int>.deferred {
        attempts += 1
        return attempts < 3 ? .error(TestFailure.broken) : .just(attempts)
      }
      .retry(when: { (errors: Observable<TestFailure>) in
        errors.delay(.milliseconds(10), scheduler: scheduler)
      })
    }
    expectEqual(observer.events, [.next(220, 3), .completed(220)])
  }
}
