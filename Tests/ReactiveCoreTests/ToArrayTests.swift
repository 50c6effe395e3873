import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ToArrayTests {
  @Test func toArrayCollectsEveryElement() {
    expectNoLeaks {
      let recorder = Recorder<[Int]>()
      let collected: Single<[Int]> = Observable.of(3, 1, 2).toArray()
      recorder.record(collected.asObservable())
      expectEqual(recorder.log, ["[3, 1, 2]", "completed"])
      let empty = Recorder<[Int]>()
      empty.record(Observable<Int>.empty().toArray().asObservable())
      expectEqual(empty.log, ["[]", "completed"])
      let failing = Recorder<[Int]>()
      failing.record(Observable.concat([.of(1), .error(TestError())]).toArray().asObservable())
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func toArrayDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<[Int]>()
      let subscription = recorder.record(subject.toArray().asObservable())
      subject.onNext(1)
      subscription.dispose()
      subject.onCompleted()
      #expect(recorder.log.isEmpty)
      let other = PublishSubject<Int>()
      var received: [[Int]] = []
      _ = other.toArray().subscribe(onSuccess: { value in
        received.append(value)
        other.onNext(9)
      })
      other.onNext(1)
      other.onCompleted()
      expectEqual(received, [[1]])
    }
  }
}
