import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ZipTests {
  @Test func pairsElementsInOrder() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<String>()
      let recorder = Recorder<String>()
      recorder.record(Observable.zip(a, b) { "\($0)\($1)" })
      a.onNext(1)
      a.onNext(2)
      a.onNext(3)
      b.onNext("x")
      b.onNext("y")
      expectEqual(recorder.log, ["1x", "2y"])
      a.onCompleted()
      b.onNext("z")
      expectEqual(recorder.log, ["1x", "2y", "3z"])
      b.onCompleted()
      expectEqual(recorder.log, ["1x", "2y", "3z", "completed"])
    }
  }

  @Test func tupleFormEveryArityAndCollections() {
    expectNoLeaks {
      let pair = Recorder<String>()
      pair.record(
        Observable.zip(Observable.of(1, 2), Observable.of("a", "b", "c")).map { "\($0)\($1)" })
      expectEqual(pair.log, ["1a", "2b", "completed"])
      let one = Observable.of(1, 1)
      let sums = Recorder<Int>()
      sums.record(
        Observable.concat(
          Observable.zip(one, one, one).map { sum($0, $1, $2) },
          Observable.zip(one, one, one, one).map { sum($0, $1, $2, $3) },
          Observable.zip(one, one, one, one, one).map { sum($0, $1, $2, $3, $4) },
          Observable.zip(one, one, one, one, one, one).map { sum($0, $1, $2, $3, $4, $5) },
          Observable.zip(one, one, one, one, one, one, one).map {
            sum($0, $1, $2, $3, $4, $5, $6)
          },
          Observable.zip(one, one, one, one, one, one, one, one) {
            sum($0, $1, $2, $3, $4, $5, $6, $7)
          }))
      expectEqual(
        sums.log, ["3", "3", "4", "4", "5", "5", "6", "6", "7", "7", "8", "8", "completed"])
      let collection = Recorder<[Int]>()
      collection.record(Observable.zip([Observable.of(1, 2), .of(3, 4), .of(5)]))
      expectEqual(collection.log, ["[1, 3, 5]", "completed"])
      let summed = Recorder<Int>()
      summed.record(Observable.zip([Observable.of(1, 2), .of(3, 4)]) { $0.reduce(0, +) })
      expectEqual(summed.log, ["4", "6", "completed"])
      let empty = Recorder<[Int]>()
      empty.record(Observable.zip([Observable<Int>]()))
      expectEqual(empty.log, ["completed"])
    }
  }

  @Test func failsOnSourceOrSelectorErrors() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.zip(a, b) { $0 + $1 })
      a.onNext(1)
      a.onError(TestError())
      expectEqual(recorder.log, ["error(boom)"])
      #expect(!b.hasObservers)
      let selector = Recorder<Int>()
      selector.record(
        Observable.zip(Observable.just(1), Observable.just(2)) { _, _ -> Int in throw TestError() })
      expectEqual(selector.log, ["error(boom)"])
    }
  }

  @Test func disposedMidStreamAndReentered() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = Observable.zip(a, b) { $0 * 10 + $1 }.subscribe(onNext: { value in
        received.append(value)
        if value == 11 {
          a.onNext(2)
          b.onNext(2)
        }
      })
      a.onNext(1)
      b.onNext(1)
      subscription.dispose()
      a.onNext(3)
      b.onNext(3)
      expectEqual(received, [11, 22])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  /// Three sources; the first completes at 270 and the third at 300, each with nothing left
  /// for the second, whose elements keep coming until 410.
  func threeSources(_ scheduler: TestScheduler) -> [TestableObservable<String>] {
    // Each list has its type stated: one literal of all three takes the type checker seconds.
    let first: [Recorded<Event<String>>] = [.next(205, "a1"), .next(245, "a2"), .completed(270)]
    let second: [Recorded<Event<String>>] = [
      .next(215, "b1"), .next(235, "b2"), .next(285, "b3"), .next(320, "b4"),
      .next(350, "b5"), .completed(410),
    ]
    let third: [Recorded<Event<String>>] = [
      .next(225, "c1"), .next(255, "c2"), .next(280, "c3"), .completed(300),
    ]
    return [first, second, third].map { scheduler.createHotObservable($0) }
  }

  /// The collection form completes as soon as an element arrives that can never be paired:
  /// every other source completed and one of them has nothing left. It disposes that source
  /// then, not when it completes much later.
  @Test func aCollectionZipCompletesWhenAnElementCanNoLongerBePaired() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = threeSources(scheduler)
    let observer = scheduler.start {
      Observable.zip(sources.map { $0.asObservable() }) { $0.joined(separator: "+") }
    }
    expectEqual(
      observer.events,
      [
        .next(225, "a1+b1+c1"), .next(255, "a2+b2+c2"), .completed(320),
      ])
    expectEqual(sources[0].subscriptions, [Subscription(200, 270)])
    expectEqual(sources[1].subscriptions, [Subscription(200, 320)])
    expectEqual(sources[2].subscriptions, [Subscription(200, 300)])
  }

  /// The element that can never be paired only ends the collection form once every other
  /// source completed: with one of them still running, later pairs may still come.
  @Test func aCollectionZipWaitsWhileAnotherSourceMayStillPairTheElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createHotObservable([
      .next(210, 1), .completed(220),
    ])
    let second = scheduler.createHotObservable([
      .next(230, 10), .next(260, 20), .completed(400),
    ])
    let third = scheduler.createHotObservable([
      .next(240, 100), .next(250, 200), .completed(500),
    ])
    let observer = scheduler.start {
      Observable.zip([first, second, third].map { $0.asObservable() }) { $0.reduce(0, +) }
    }
    // 260 cannot be paired (the first source is done and empty) but the third is still
    // running; its completion at 500 ends the result.
    expectEqual(observer.events, [.next(240, 111), .completed(500)])
    expectEqual(first.subscriptions, [Subscription(200, 220)])
    expectEqual(second.subscriptions, [Subscription(200, 400)])
    expectEqual(third.subscriptions, [Subscription(200, 500)])
  }

  /// The fixed-arity forms complete only once every source completed, as RxSwift's do: each
  /// source that completes is disposed at once, the others keep running.
  @Test func aFixedArityZipCompletesWhenEverySourceCompleted() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = threeSources(scheduler)
    let observer = scheduler.start {
      Observable.zip(sources[0], sources[1], sources[2]) { "\($0)+\($1)+\($2)" }
    }
    expectEqual(
      observer.events,
      [
        .next(225, "a1+b1+c1"), .next(255, "a2+b2+c2"), .completed(410),
      ])
    expectEqual(sources[0].subscriptions, [Subscription(200, 270)])
    expectEqual(sources[1].subscriptions, [Subscription(200, 410)])
    expectEqual(sources[2].subscriptions, [Subscription(200, 300)])

    let pairScheduler = TestScheduler(initialClock: 0)
    let left = pairScheduler.createHotObservable([.next(210, 1), .completed(220)])
    let right = pairScheduler.createHotObservable([
      .next(215, 2), .next(230, 3), .completed(240),
    ])
    let pairs = pairScheduler.start { Observable.zip(left, right) { $0 * 10 + $1 } }
    expectEqual(pairs.events, [.next(215, 12), .completed(240)])
    expectEqual(left.subscriptions, [Subscription(200, 220)])
    expectEqual(right.subscriptions, [Subscription(200, 240)])
  }
}
