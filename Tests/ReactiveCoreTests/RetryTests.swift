import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RetryTests {
  /// A source that fails `failures` times (after emitting its attempt number), then completes.
  final class Flaky: @unchecked Sendable {  // used from one thread per test
    var attempts = 0
    let failures: Int
    init(failures: Int) { self.failures = failures }

    var source: Observable<Int> {
      Observable.deferred { [self] in
        self.attempts += 1
        if self.attempts <= self.failures {
          return Observable.concat([.just(self.attempts), .error(TestError("\(self.attempts)"))])
        }
        return .just(self.attempts)
      }
    }
  }

  @Test func retryResubscribesUntilTheSourceCompletes() {
    expectNoLeaks {
      let flaky = Flaky(failures: 2)
      let recorder = Recorder<Int>()
      recorder.record(flaky.source.retry())
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func retryWithACountFailsWithTheLastError() {
    expectNoLeaks {
      let flaky = Flaky(failures: 5)
      let recorder = Recorder<Int>()
      recorder.record(flaky.source.retry(3))
      expectEqual(recorder.log, ["1", "2", "3", "error(3)"])
      expectEqual(flaky.attempts, 3)
      let enough = Flaky(failures: 1)
      let succeeded = Recorder<Int>()
      succeeded.record(enough.source.retry(2))
      expectEqual(succeeded.log, ["1", "2", "completed"])
      let none = Recorder<Int>()
      none.record(Flaky(failures: 1).source.retry(0))
      expectEqual(none.log, ["completed"])
    }
  }

  @Test func retryDisposedMidStreamAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.retry().subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      expectEqual(received, [1, 2])
      #expect(!subject.hasObservers)
    }
  }

  @Test func retryOfASubjectThatStaysFailedStopsAfterTheCount() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.retry(2))
      subject.onError(TestError())
      // The failed subject replays its error to the second attempt.
      expectEqual(recorder.log, ["error(boom)"])
    }
  }

  @Test func retry100000SynchronousFailuresDoesNotOverflowTheStack() {
    expectNoLeaks {
      let flaky = Flaky(failures: 100_000)
      var count = 0
      var completed = false
      _ = flaky.source.retry().subscribe(
        onNext: { _ in count += 1 }, onCompleted: { completed = true })
      expectEqual(count, 100_001)
      #expect(completed)
    }
  }
}
