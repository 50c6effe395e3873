import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SequenceTests {
  @Test func ofAndFromEmitTheElementsThenComplete() {
    expectNoLeaks {
      let of = Recorder<Int>()
      of.record(Observable.of(1, 2))
      expectEqual(of.log, ["1", "2", "completed"])
      let array = Recorder<Int>()
      array.record(Observable.from([3, 4]))
      expectEqual(array.log, ["3", "4", "completed"])
      let sequence = Recorder<Int>()
      sequence.record(Observable.from(stride(from: 0, to: 6, by: 2)))
      expectEqual(sequence.log, ["0", "2", "4", "completed"])
    }
  }

  @Test func synchronousSourcesStopWhenAnOperatorEndsFromInsideOnNext() {
    expectNoLeaks {
      var fromReceived: [Int] = []
      let subject = PublishSubject<Int>()
      _ = Observable.from([1, 2, 3]).take(until: subject).subscribe(onNext: { value in
        fromReceived.append(value)
        subject.onNext(0)
      })
      expectEqual(fromReceived, [1])
    }
  }
}
