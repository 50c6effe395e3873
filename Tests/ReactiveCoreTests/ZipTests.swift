import ReactiveCore
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
      #expect(recorder.log == ["1x", "2y"])
      a.onCompleted()
      b.onNext("z")
      #expect(recorder.log == ["1x", "2y", "3z"])
      b.onCompleted()
      #expect(recorder.log == ["1x", "2y", "3z", "completed"])
    }
  }

  @Test func tupleFormEveryArityAndCollections() {
    expectNoLeaks {
      let pair = Recorder<String>()
      pair.record(
        Observable.zip(Observable.of(1, 2), Observable.of("a", "b", "c")).map { "\($0)\($1)" })
      #expect(pair.log == ["1a", "2b", "completed"])
      let one = Observable.of(1, 1)
      let sums = Recorder<Int>()
      sums.record(
        Observable.concat(
          Observable.zip(one, one, one).map { $0 + $1 + $2 },
          Observable.zip(one, one, one, one).map { $0 + $1 + $2 + $3 },
          Observable.zip(one, one, one, one, one).map { $0 + $1 + $2 + $3 + $4 },
          Observable.zip(one, one, one, one, one, one).map { $0 + $1 + $2 + $3 + $4 + $5 },
          Observable.zip(one, one, one, one, one, one, one).map {
            $0 + $1 + $2 + $3 + $4 + $5 + $6
          },
          Observable.zip(one, one, one, one, one, one, one, one) {
            $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
          }))
      #expect(
        sums.log == ["3", "3", "4", "4", "5", "5", "6", "6", "7", "7", "8", "8", "completed"])
      let collection = Recorder<[Int]>()
      collection.record(Observable.zip([Observable.of(1, 2), .of(3, 4), .of(5)]))
      #expect(collection.log == ["[1, 3, 5]", "completed"])
      let summed = Recorder<Int>()
      summed.record(Observable.zip([Observable.of(1, 2), .of(3, 4)]) { $0.reduce(0, +) })
      #expect(summed.log == ["4", "6", "completed"])
      let empty = Recorder<[Int]>()
      empty.record(Observable.zip([Observable<Int>]()))
      #expect(empty.log == ["completed"])
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
      #expect(recorder.log == ["error(boom)"])
      #expect(!b.hasObservers)
      let selector = Recorder<Int>()
      selector.record(
        Observable.zip(Observable.just(1), Observable.just(2)) { _, _ -> Int in throw TestError() })
      #expect(selector.log == ["error(boom)"])
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
      #expect(received == [11, 22])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }
}
