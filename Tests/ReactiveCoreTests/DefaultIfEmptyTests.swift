import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DefaultIfEmptyTests {
  @Test func defaultIsEmittedOnlyForAnEmptySequence() {
    expectNoLeaks {
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.empty().ifEmpty(default: 7))
      expectEqual(empty.log, ["7", "completed"])
      let nonEmpty = Recorder<Int>()
      nonEmpty.record(Observable.of(1).ifEmpty(default: 7))
      expectEqual(nonEmpty.log, ["1", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).ifEmpty(default: 7))
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func reenteredFromInsideOnNext() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      var received: [Int] = []
      let reentrant = source.ifEmpty(default: 0).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onNext(2) }
      })
      source.onNext(1)
      source.onCompleted()
      reentrant.dispose()
      expectEqual(received, [1, 2])
    }
  }
}
