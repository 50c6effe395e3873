import ReactiveCore
import Testing

@Suite struct MapTests {
  @Test func mapCompactMapFilterAndScanTransformElements() {
    expectNoLeaks {
      let source = Observable.of(1, 2, 3, 4)
      let map = Recorder<Int>()
      map.record(source.map { $0 * 10 })
      #expect(map.log == ["10", "20", "30", "40", "completed"])
      let compact = Recorder<Int>()
      compact.record(source.compactMap { $0 % 2 == 0 ? $0 : nil })
      #expect(compact.log == ["2", "4", "completed"])
      let filter = Recorder<Int>()
      filter.record(source.filter { $0 > 2 })
      #expect(filter.log == ["3", "4", "completed"])
      let scan = Recorder<Int>()
      scan.record(source.scan(0, accumulator: +))
      #expect(scan.log == ["1", "3", "6", "10", "completed"])
      let scanInto = Recorder<[Int]>()
      scanInto.record(source.scan(into: [Int]()) { $0.append($1) })
      #expect(scanInto.log.last == "completed" && scanInto.elements.last == [1, 2, 3, 4])
    }
  }

  @Test func thrownErrorsEndTheSequence() {
    expectNoLeaks {
      let failing = { (value: Int) throws -> Int in
        if value == 2 { throw TestError() }
        return value
      }
      let map = Recorder<Int>()
      map.record(Observable.of(1, 2, 3).map(failing))
      #expect(map.log == ["1", "error(boom)"])
      let compact = Recorder<Int>()
      compact.record(Observable.of(1, 2, 3).compactMap(failing))
      #expect(compact.log == ["1", "error(boom)"])
      let filter = Recorder<Int>()
      filter.record(Observable.of(1, 2, 3).filter { try failing($0) > 0 })
      #expect(filter.log == ["1", "error(boom)"])
      let scan = Recorder<Int>()
      scan.record(Observable.of(1, 2, 3).scan(0) { _, value in try failing(value) })
      #expect(scan.log == ["1", "error(boom)"])
      let upstream = Recorder<Int>()
      upstream.record(
        Observable<Int>.error(TestError("up")).map { $0 }.filter { _ in true }.scan(
          0, accumulator: +))
      #expect(upstream.log == ["error(up)"])
    }
  }

  @Test func disposedMidStreamAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.map { $0 * 2 }.filter { $0 > 0 }.scan(0, accumulator: +)
        .subscribe(onNext: { value in
          received.append(value)
          if value == 2 { subject.onNext(2) }
        })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      #expect(received == [2, 6])
      #expect(!subject.hasObservers)
    }
  }
}
