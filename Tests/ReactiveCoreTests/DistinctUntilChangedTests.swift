import ReactiveCore
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
      #expect(recorder.log == ["1", "2", "1", "3", "completed"])
    }
  }

  @Test func comparesByKeyComparerOrKeyPath() {
    expectNoLeaks {
      let people = [
        Person(name: "a", age: 1), Person(name: "b", age: 1), Person(name: "c", age: 2),
      ]
      let byKey = Recorder<String>()
      byKey.record(Observable.from(people).distinctUntilChanged { $0.age }.map(\.name))
      #expect(byKey.log == ["a", "c", "completed"])
      let byComparer = Recorder<Int>()
      byComparer.record(Observable.of(1, 3, 4, 6).distinctUntilChanged { $0 % 2 == $1 % 2 })
      #expect(byComparer.log == ["1", "4", "completed"])
      let byKeyPath = Recorder<String>()
      byKeyPath.record(Observable.from(people).distinctUntilChanged(at: \.age).map(\.name))
      #expect(byKeyPath.log == ["a", "c", "completed"])
      let byKeyAndComparer = Recorder<Int>()
      byKeyAndComparer.record(
        Observable.of(10, 11, 25, 29, 30).distinctUntilChanged({ $0 / 10 }, comparer: { $0 == $1 })
      )
      #expect(byKeyAndComparer.log == ["10", "25", "30", "completed"])
    }
  }

  @Test func errorsFromUpstreamAndClosuresEndTheSequence() {
    expectNoLeaks {
      let upstream = Recorder<Int>()
      upstream.record(Observable.concat([.of(1), .error(TestError())]).distinctUntilChanged())
      #expect(upstream.log == ["1", "error(boom)"])
      let comparer = Recorder<Int>()
      comparer.record(
        Observable.of(1, 2).distinctUntilChanged { _, _ in throw TestError("compare") })
      #expect(comparer.log == ["1", "error(compare)"])
      let key = Recorder<Int>()
      key.record(
        Observable.of(1, 2).distinctUntilChanged { (_: Int) -> Int in throw TestError("key") })
      #expect(key.log == ["error(key)"])
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
      #expect(received == [1, 2])
    }
  }
}
