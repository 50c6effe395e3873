import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ShareTests {
  /// A cold source that counts its subscriptions and is driven by a subject.
  final class Counted: @unchecked Sendable {  // used from one thread per test
    var subscriptions = 0
    let subject = PublishSubject<Int>()
    var source: Observable<Int> {
      Observable.deferred { [self] in
        self.subscriptions += 1
        return self.subject.asObservable()
      }
    }
  }

  @Test func shareSubscribesOnceForAllObserversAndDisconnectsWithTheLast() {
    expectNoLeaks {
      let counted = Counted()
      let shared = counted.source.share()
      let first = Recorder<Int>()
      let second = Recorder<Int>()
      let a = first.record(shared)
      counted.subject.onNext(1)
      let b = second.record(shared)
      counted.subject.onNext(2)
      expectEqual(counted.subscriptions, 1)
      expectEqual(first.log, ["1", "2"])
      expectEqual(second.log, ["2"])
      a.dispose()
      #expect(counted.subject.hasObservers)
      b.dispose()
      #expect(!counted.subject.hasObservers)
      let third = Recorder<Int>()
      let c = third.record(shared)
      expectEqual(counted.subscriptions, 2)
      c.dispose()
    }
  }

  @Test func shareReplaysTheLastElementsWhileConnected() {
    expectNoLeaks {
      let counted = Counted()
      let shared = counted.source.share(replay: 2)
      let first = Recorder<Int>()
      let a = first.record(shared)
      for value in 1...3 { counted.subject.onNext(value) }
      let late = Recorder<Int>()
      let b = late.record(shared)
      expectEqual(late.log, ["2", "3"])
      a.dispose()
      b.dispose()
      // While connected only: a new connection starts with an empty buffer.
      let fresh = Recorder<Int>()
      let c = fresh.record(shared)
      #expect(fresh.log.isEmpty)
      expectEqual(counted.subscriptions, 2)
      c.dispose()
    }
  }

  @Test func whileConnectedResubscribesAfterTheSourceCompletes() {
    expectNoLeaks {
      var subscriptions = 0
      let source = Observable<Int>.deferred {
        subscriptions += 1
        return .of(1, 2)
      }.share(replay: 1)
      let first = Recorder<Int>()
      first.record(source)
      let second = Recorder<Int>()
      second.record(source)
      expectEqual(first.log, ["1", "2", "completed"])
      expectEqual(second.log, ["1", "2", "completed"])
      expectEqual(subscriptions, 2)
    }
  }

  @Test func foreverKeepsTheSubjectAfterTheSourceCompletes() {
    expectNoLeaks {
      var subscriptions = 0
      let source = Observable<Int>.deferred {
        subscriptions += 1
        return .of(1, 2, 3)
      }.share(replay: 2, scope: .forever)
      let first = Recorder<Int>()
      first.record(source)
      let late = Recorder<Int>()
      late.record(source)
      expectEqual(first.log, ["1", "2", "3", "completed"])
      expectEqual(late.log, ["2", "3", "completed"])
      expectEqual(subscriptions, 1)
      let publish = Observable.of(1).share(scope: .forever)
      let a = Recorder<Int>()
      a.record(publish)
      let b = Recorder<Int>()
      b.record(publish)
      expectEqual(a.log, ["1", "completed"])
      expectEqual(b.log, ["completed"])
    }
  }

  @Test func shareForwardsErrorsToEveryObserver() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let shared = subject.share()
      let first = Recorder<Int>()
      let second = Recorder<Int>()
      first.record(shared)
      second.record(shared)
      subject.onError(TestError())
      expectEqual(first.log, ["error(boom)"])
      expectEqual(second.log, ["error(boom)"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func shareHandlesReentrantEvents() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let shared = subject.share(replay: 1)
      var received: [Int] = []
      let a = shared.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      let late = Recorder<Int>()
      let b = late.record(shared)
      a.dispose()
      b.dispose()
      expectEqual(received, [1, 2])
      expectEqual(late.log, ["2"])
    }
  }

  @Test func publishSharesOnlyAfterConnect() {
    expectNoLeaks {
      let connectable = Observable.of(1, 2).publish()
      let first = Recorder<Int>()
      let second = Recorder<Int>()
      first.record(connectable)
      second.record(connectable)
      #expect(first.log.isEmpty)
      let connection = connectable.connect()
      expectEqual(first.log, ["1", "2", "completed"])
      expectEqual(second.log, ["1", "2", "completed"])
      connection.dispose()
    }
  }

  @Test func connectReturnsTheLiveConnectionAndDisposingItDisconnects() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let connectable = subject.publish()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(connectable)
      let connection = connectable.connect()
      let again = connectable.connect()
      subject.onNext(1)
      #expect(subject.hasObservers)
      again.dispose()
      #expect(!subject.hasObservers)
      connection.dispose()
      subject.onNext(2)
      expectEqual(recorder.log, ["1"])
      let reconnection = connectable.connect()
      subject.onNext(3)
      expectEqual(recorder.log, ["1", "3"])
      reconnection.dispose()
      subscription.dispose()
    }
  }

  @Test func replayAndReplayAllBufferForLateObservers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let last = subject.replay(1)
      let all = subject.replayAll()
      let connections = [last.connect(), all.connect()]
      for value in 1...3 { subject.onNext(value) }
      let lastRecorder = Recorder<Int>()
      let allRecorder = Recorder<Int>()
      let subscriptions = [lastRecorder.record(last), allRecorder.record(all)]
      expectEqual(lastRecorder.log, ["3"])
      expectEqual(allRecorder.log, ["1", "2", "3"])
      for disposable in connections + subscriptions { disposable.dispose() }
    }
  }

  @Test func multicastWithMakeSubjectStartsAfreshAfterTheSourceEnds() {
    expectNoLeaks {
      let connectable = Observable.of(1).multicast(makeSubject: {
        ReplaySubject<Int>.create(bufferSize: 1)
      })
      let first = Recorder<Int>()
      first.record(connectable)
      _ = connectable.connect()
      expectEqual(first.log, ["1", "completed"])
      let second = Recorder<Int>()
      let subscription = second.record(connectable)
      #expect(second.log.isEmpty)
      _ = connectable.connect()
      expectEqual(second.log, ["1", "completed"])
      subscription.dispose()
    }
  }

  @Test func multicastWithSelectorConnectsPerSubscription() {
    expectNoLeaks {
      var subscriptions = 0
      let source = Observable<Int>.deferred {
        subscriptions += 1
        return .of(1, 2)
      }
      let recorder = Recorder<Int>()
      recorder.record(
        source.multicast({ PublishSubject<Int>() }) { shared in
          Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 }
        })
      expectEqual(recorder.log, ["12", "completed"])
      expectEqual(subscriptions, 1)
      let failing = Recorder<Int>()
      failing.record(
        source.multicast({ () throws -> PublishSubject<Int> in throw TestError() }) { $0 })
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func refCountDisconnectsWhenTheLastObserverLeaves() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let shared = subject.publish().refCount()
      let first = Recorder<Int>()
      let a = first.record(shared)
      let b = first.record(shared)
      subject.onNext(1)
      a.dispose()
      subject.onNext(2)
      b.dispose()
      #expect(!subject.hasObservers)
      expectEqual(first.log, ["1", "1", "2"])
    }
  }
}
