import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DistinctUntilChangedTests {
  struct Person: Equatable {
    let name: String
    let age: Int
  }

  @Test func dropsConsecutiveDuplicates() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.of(1, 1, 2, 2, 1, 3, 3).distinctUntilChanged())
      expectEqual(recorder.log, ["1", "2", "1", "3", "completed"])
    }
  }

  @Test func comparesByKeyComparerOrKeyPath() {
    expectNoLeaks {
      let people = [
        Person(name: "a", age: 1), Person(name: "b", age: 1), Person(name: "c", age: 2),
      ]
      let byKey = Recorder<String>()
      byKey.record(Observable.from(people).distinctUntilChanged { $0.age }.map(\.name))
      expectEqual(byKey.log, ["a", "c", "completed"])
      let byComparer = Recorder<Int>()
      byComparer.record(Observable.of(1, 3, 4, 6).distinctUntilChanged { $0 % 2 == $1 % 2 })
      expectEqual(byComparer.log, ["1", "4", "completed"])
      let byKeyPath = Recorder<String>()
      byKeyPath.record(Observable.from(people).distinctUntilChanged(at: \.age).map(\.name))
      expectEqual(byKeyPath.log, ["a", "c", "completed"])
      let byKeyAndComparer = Recorder<Int>()
      byKeyAndComparer.record(
        Observable.of(10, 11, 25, 29, 30).distinctUntilChanged({ $0 / 10 }, comparer: { $0 == $1 })
      )
      expectEqual(byKeyAndComparer.log, ["10", "25", "30", "completed"])
    }
  }

  @Test func errorsFromUpstreamAndClosuresEndTheSequence() {
    expectNoLeaks {
      let upstream = Recorder<Int>()
      upstream.record(Observable.concat([.of(1), .error(TestError())]).distinctUntilChanged())
      expectEqual(upstream.log, ["1", "error(boom)"])
      let comparer = Recorder<Int>()
      comparer.record(
        Observable.of(1, 2).distinctUntilChanged { _, _ in throw TestError("compare") })
      expectEqual(comparer.log, ["1", "error(compare)"])
      let key = Recorder<Int>()
      key.record(
        Observable.of(1, 2).distinctUntilChanged { (_: Int) -> Int in throw TestError("key") })
      expectEqual(key.log, ["error(key)"])
    }
  }

  @Test func disposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.distinctUntilChanged().subscribe(onNext: { value in
        received.append(value)
        if value == 1 {
          subject.onNext(1)
          subject.onNext(2)
        }
      })
      subject.onNext(1)
      subject.onNext(2)
      subscription.dispose()
      subject.onNext(3)
      expectEqual(received, [1, 2])
    }
  }
}
