import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct WithUnretainedTests {
  final class Owner: @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func pairsElementsWithTheObjectAndCompletesOnceItIsGone() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<String>()
      var owner: Owner? = Owner("o")
      weak let weakOwner = owner
      recorder.record(subject.withUnretained(owner!).map { "\($0.name)\($1)" })
      subject.onNext(1)
      owner = nil
      #expect(weakOwner == nil)
      subject.onNext(2)
      subject.onNext(3)
      expectEqual(recorder.log, ["o1", "completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func resultSelectorErrorsDisposalAndReentrancy() {
    expectNoLeaks {
      let owner = Owner("o")
      let selected = Recorder<String>()
      selected.record(Observable.of(1).withUnretained(owner) { "\($0.name)-\($1)" })
      expectEqual(selected.log, ["o-1", "completed"])
      let failing = Recorder<String>()
      failing.record(Observable<Int>.error(TestError()).withUnretained(owner) { $0.name + "\($1)" })
      expectEqual(failing.log, ["error(boom)"])
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.withUnretained(owner).subscribe(onNext: { _, value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      expectEqual(received, [1, 2])
    }
  }
}
