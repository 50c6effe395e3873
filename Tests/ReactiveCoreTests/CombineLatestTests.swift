import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CombineLatestTests {
  @Test func emitsOnceEverySourceHasAValue() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<String>()
      let recorder = Recorder<String>()
      recorder.record(Observable.combineLatest(a, b) { "\($0)\($1)" })
      a.onNext(1)
      a.onNext(2)
      b.onNext("x")
      a.onNext(3)
      b.onNext("y")
      expectEqual(recorder.log, ["2x", "3x", "3y"])
      a.onCompleted()
      b.onNext("z")
      expectEqual(recorder.log, ["2x", "3x", "3y", "3z"])
      b.onCompleted()
      expectEqual(recorder.log.last, "completed")
    }
  }

  @Test func tupleFormAndEveryArity() {
    expectNoLeaks {
      let pair = Recorder<String>()
      pair.record(
        Observable.combineLatest(Observable.just(1), Observable.just("a")).map { "\($0)\($1)" })
      expectEqual(pair.log, ["1a", "completed"])
      let one = Observable.just(1)
      let eight = Recorder<Int>()
      eight.record(
        Observable.combineLatest(one, one, one, one, one, one, one, one) {
          sum($0, $1, $2, $3, $4, $5, $6, $7)
        })
      expectEqual(eight.log, ["8", "completed"])
      let sums = Recorder<Int>()
      sums.record(
        Observable.merge(
          Observable.combineLatest(one, one, one).map { sum($0, $1, $2) },
          Observable.combineLatest(one, one, one, one).map { sum($0, $1, $2, $3) },
          Observable.combineLatest(one, one, one, one, one).map { sum($0, $1, $2, $3, $4) },
          Observable.combineLatest(one, one, one, one, one, one).map {
            sum($0, $1, $2, $3, $4, $5)
          },
          Observable.combineLatest(one, one, one, one, one, one, one).map {
            sum($0, $1, $2, $3, $4, $5, $6)
          },
          Observable.combineLatest(one, one, one, one, one, one, one, one).map {
            sum($0, $1, $2, $3, $4, $5, $6, $7)
          }))
      expectEqual(sums.log, ["3", "4", "5", "6", "7", "8", "completed"])
    }
  }

  @Test func collectionForms() {
    expectNoLeaks {
      let subjects = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
      let recorder = Recorder<[Int]>()
      recorder.record(Observable.combineLatest(subjects))
      for (index, subject) in subjects.enumerated() { subject.onNext(index) }
      subjects[1].onNext(7)
      expectEqual(recorder.log, ["[0, 1, 2]", "[0, 7, 2]"])
      for subject in subjects { subject.onCompleted() }
      expectEqual(recorder.log.last, "completed")
      let summed = Recorder<Int>()
      summed.record(Observable.combineLatest([Observable.just(2), .just(3)]) { $0.reduce(0, +) })
      expectEqual(summed.log, ["5", "completed"])
      let empty = Recorder<[Int]>()
      empty.record(Observable.combineLatest([Observable<Int>]()))
      expectEqual(empty.log, ["[]", "completed"])
    }
  }

  @Test func completesEarlyOnlyWhenEveryOtherSourceIsDone() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.combineLatest(a, b) { $0 + $1 })
      b.onCompleted()  // without a value: nothing can be combined any more
      #expect(recorder.log.isEmpty)
      a.onNext(1)
      expectEqual(recorder.log, ["completed"])
      #expect(!a.hasObservers)
    }
  }

  @Test func failsOnSourceOrSelectorErrors() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.combineLatest(a, b) { $0 + $1 })
      a.onNext(1)
      b.onError(TestError())
      expectEqual(recorder.log, ["error(boom)"])
      #expect(!a.hasObservers)
      let selector = Recorder<Int>()
      selector.record(
        Observable.combineLatest(Observable.just(1), Observable.just(2)) { _, _ -> Int in
          throw TestError("selector")
        })
      expectEqual(selector.log, ["error(selector)"])
      let collection = Recorder<[Int]>()
      collection.record(Observable.combineLatest([Observable.just(1), .error(TestError())]))
      expectEqual(collection.log, ["error(boom)"])
    }
  }

  @Test func disposedMidStreamAndReentered() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = BehaviorSubject(value: 0)
      var received: [Int] = []
      let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { b.onNext(10) }
      })
      a.onNext(1)
      subscription.dispose()
      a.onNext(2)
      expectEqual(received, [1, 11])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func relaysCombineTheirCurrentValues() {
    expectNoLeaks {
      let first = BehaviorRelay(value: 1)
      let second = BehaviorRelay(value: 2)
      let recorder = Recorder<Int>()
      let subscription = recorder.record(Observable.combineLatest(first, second) { $0 * $1 })
      first.accept(3)
      second.accept(4)
      subscription.dispose()
      expectEqual(recorder.log, ["2", "6", "12"])
    }
  }
}
