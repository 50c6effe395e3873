import ReactiveCore
import ReactiveTesting
import Testing

/// When the end of a subscription happens, relative to its terminal event, as in RxSwift: each
/// operator ends its own part right after a terminal event passed through it, not when the
/// subscriber at the end of the chain gets the event.
@Suite struct TerminalOrderTests {
  @Test func doRunsOnDisposeAtTheTerminalEventEvenWhenTheEventIsDeliveredLater() {
    expectNoLeaks {
      let scheduler = TestScheduler.milliseconds()
      var log: [String] = []
      let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let subscription = source.asObservable()
        .do(onDispose: { log.append("onDispose at \(scheduler.clock)") })
        .observe(on: scheduler)
        .subscribe(
          onNext: { log.append("\($0) at \(scheduler.clock)") },
          onCompleted: { log.append("completed at \(scheduler.clock)") })
      scheduler.start()
      expectEqual(log, ["1 at 210", "onDispose at 220", "completed at 220"])
      subscription.dispose()
    }
  }

  @Test func doRunsOnDisposeAfterOnSubscribedForASynchronousSource() {
    expectNoLeaks {
      var log: [String] = []
      let subscription = Observable.create { observer in
        log.append("source subscribed")
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create { log.append("source disposed") }
      }
      .do(
        onCompleted: { log.append("onCompleted") },
        onSubscribed: { log.append("onSubscribed") },
        onDispose: { log.append("onDispose") }
      )
      .subscribe()
      expectEqual(
        log, ["source subscribed", "onCompleted", "source disposed", "onSubscribed", "onDispose"])
      subscription.dispose()
      expectEqual(log.filter { $0 == "onDispose" }.count, 1)
    }
  }

  @Test func shareDeliversTheTerminalEventBeforeDisposingItsSource() {
    expectNoLeaks {
      var log: [String] = []
      let subject = PublishSubject<Int>()
      let shared = subject.do(onDispose: { log.append("source disposed") }).share(replay: 1)
      let first = shared.subscribe(onCompleted: { log.append("first completed") })
      let second = shared.subscribe(onCompleted: { log.append("second completed") })
      subject.onCompleted()
      expectEqual(log, ["first completed", "second completed", "source disposed"])
      first.dispose()
      second.dispose()
    }
  }

  @Test func aShareThatEndedStartsAfreshForAnObserverSubscribingOnItsTerminalEvent() {
    expectNoLeaks {
      var subscriptions = 0
      let source = Observable<Int>.deferred {
        subscriptions += 1
        return .just(subscriptions)
      }
      let shared = source.share()
      var late: [Int] = []
      var inner: Disposable?
      let outer = shared.subscribe(onCompleted: {
        inner = shared.subscribe(onNext: { late.append($0) })
      })
      expectEqual(late, [2])
      expectEqual(subscriptions, 2)
      outer.dispose()
      inner?.dispose()
    }
  }

  @Test func publishDisposesItsSourceBeforeDeliveringTheTerminalEvent() {
    expectNoLeaks {
      var log: [String] = []
      let subject = PublishSubject<Int>()
      let published = subject.do(onDispose: { log.append("source disposed") }).publish()
      let subscription = published.subscribe(onCompleted: { log.append("completed") })
      let connection = published.connect()
      subject.onCompleted()
      expectEqual(log, ["source disposed", "completed"])
      subscription.dispose()
      connection.dispose()
    }
  }

  @Test func subscribeOnSubscribesInsideTheTrampoline() {
    expectNoLeaks {
      let scheduler = TestScheduler.milliseconds()
      let observer = scheduler.start {
        Observable.merge(.of(1, 3, 5), .of(2, 4, 6)).subscribe(on: scheduler)
      }
      expectEqual(observer.events.compactMap(\.value.element), [1, 2, 3, 4, 5, 6])
    }
  }

  @Test func concatSubscribesEachNextSourceInsideTheTrampoline() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var values: [Int] = []
      let subscription = subject.concat(Observable.merge(.of(1, 3), .of(2, 4)))
        .subscribe(onNext: { values.append($0) })
      subject.onCompleted()
      expectEqual(values, [1, 2, 3, 4])
      subscription.dispose()
    }
  }
}
