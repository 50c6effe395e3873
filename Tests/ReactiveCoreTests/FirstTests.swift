import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct FirstTests {
  @Test func firstIsASingleAsInRxSwift() {
    let single: Single<Int?> = Observable.of(4, 5).first()
    var results: [Int?] = []
    _ = single.subscribe(onSuccess: { results.append($0) })
    _ = Observable<Int>.empty().first().subscribe(onSuccess: { results.append($0) })
    expectEqual(results, [4, nil])
  }

  @Test func firstEmitsTheFirstElementOrNil() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int?>()
      recorder.record(subject.first().asObservable())
      subject.onNext(8)
      subject.onNext(9)
      expectEqual(recorder.log, ["Optional(8)", "completed"])
      #expect(!subject.hasObservers)
      let empty = Recorder<Int?>()
      empty.record(Observable<Int>.empty().first().asObservable())
      expectEqual(empty.log, ["nil", "completed"])
      let failing = Recorder<Int?>()
      failing.record(Observable<Int>.error(TestError()).first().asObservable())
      expectEqual(failing.log, ["error(boom)"])
      let endless = Recorder<Int?>()
      endless.record(Observable.repeatElement(1).first().asObservable())
      expectEqual(endless.log, ["Optional(1)", "completed"])
    }
  }

  @Test func firstDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int?>()
      let subscription = recorder.record(subject.first().asObservable())
      subscription.dispose()
      subject.onNext(1)
      #expect(recorder.log.isEmpty)
      var received: [Int?] = []
      _ = subject.first().subscribe(onSuccess: { value in
        received.append(value)
        subject.onNext(2)
      })
      subject.onNext(1)
      expectEqual(received, [1])
    }
  }
}
