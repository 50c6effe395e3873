import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RetryDelayTests {
  /// The exercise of the search screen: a failed request retried twice, 200 ms and then 400 ms
  /// after each failure, before the error goes through.
  @Test func retryWithExponentialBackoffWaitsLongerEachTime() {
    let scheduler = millisecondScheduler()
    let request = scheduler.createColdObservable(
      [.error(200, TestFailure.broken)] as [Recorded<Event<[String]>>])
    let observer = scheduler.start(created: 0, subscribed: 0, disposed: 5_000) {
      request.asObservable().retry(
        3, delay: .exponential(initial: .milliseconds(200), multiplier: 2), scheduler: scheduler)
    }
    expectEqual(observer.events, [.error(1_200, TestFailure.broken)])
    expectEqual(
      request.subscriptions,
      [
        Subscription(0, 200), Subscription(400, 600), Subscription(1_000, 1_200),
      ])
  }

  @Test func disposingDuringABackoffCancelsThePendingRetry() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let request = scheduler.createColdObservable(
      [.error(200, TestFailure.broken)] as [Recorded<Event<Int>>])
    let observer = counter.measure {
      scheduler.start(created: 0, subscribed: 0, disposed: 300) {
        request.asObservable().retry(
          3, delay: .exponential(initial: .milliseconds(200), multiplier: 2), scheduler: scheduler)
      }
    }
    #expect(observer.events.isEmpty)
    expectEqual(request.subscriptions, [Subscription(0, 200)])
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func aRetryThatSucceedsEndsNormally() {
    let scheduler = millisecondScheduler()
    let failing = scheduler.createColdObservable(
      [.error(50, TestFailure.broken)] as [Recorded<Event<String>>])
    let succeeding = scheduler.createColdObservable([.next(30, "ok"), .completed(30)])
    var attempts = 0
    let observer = scheduler.start {
      Observable.deferred {
        attempts += 1
        return attempts == 1 ? failing.asObservable() : succeeding.asObservable()
      }
      .retry(3, delay: .constant(.milliseconds(100)), scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(380, "ok"), .completed(380)])
    expectEqual(failing.subscriptions, [Subscription(200, 250)])
    expectEqual(succeeding.subscriptions, [Subscription(350, 380)])
  }

  @Test func immediateRetriesOfASynchronousFailureLoopWithoutGrowingTheStack() {
    let scheduler = millisecondScheduler()
    var attempts = 0
    var failure: Swift.Error?
    _ = Observable<Int>.deferred {
      attempts += 1
      return .error(TestFailure.broken)
    }
    .retry(20_000, delay: .immediate, scheduler: scheduler)
    .subscribe(onError: { failure = $0 })
    expectEqual(attempts, 20_000)
    #expect(failure as? TestFailure == .broken)
  }

  @Test func retryDelaysGrowAsConfigured() {
    let exponential = RetryDelay.exponential(initial: .milliseconds(200), multiplier: 2)
    expectEqual(exponential.delay(beforeRetry: 1), .nanoseconds(200_000_000))
    expectEqual(exponential.delay(beforeRetry: 2), .nanoseconds(400_000_000))
    expectEqual(exponential.delay(beforeRetry: 3), .nanoseconds(800_000_000))
    let capped = RetryDelay.exponential(
      initial: .milliseconds(200), multiplier: 2, maxDelay: .milliseconds(500))
    expectEqual(capped.delay(beforeRetry: 3), .nanoseconds(500_000_000))
    expectEqual(RetryDelay.constant(.seconds(1)).delay(beforeRetry: 7), .seconds(1))
    #expect(RetryDelay.immediate.delay(beforeRetry: 1) == nil)
  }
}
