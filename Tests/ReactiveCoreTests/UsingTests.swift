import ReactiveCore
import ReactiveTesting
import Testing

/// A disposable resource that reports each disposal.
final class CountingDisposable: Disposable, @unchecked Sendable {  // used from one thread
  let onDispose: () -> Void
  init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
  func dispose() { onDispose() }
}

@Suite struct UsingTests {
  @Test func usingDisposesTheResourceAfterTheEndOrOnDisposal() {
    expectNoLeaks {
      var disposals = 0
      let resource = { CountingDisposable { disposals += 1 } }
      let completed = Recorder<Int>()
      completed.record(Observable.using(resource, observableFactory: { _ in .of(1, 2) }))
      expectEqual(completed.log, ["1", "2", "completed"])
      expectEqual(disposals, 1)
      let subject = PublishSubject<Int>()
      let disposed = Recorder<Int>()
      let subscription = disposed.record(
        Observable.using(resource, observableFactory: { _ in subject }))
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      expectEqual(disposals, 2)
      expectEqual(disposed.log, ["1"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func usingReportsFactoryErrors() {
    expectNoLeaks {
      var disposals = 0
      let failingFactory = Recorder<Int>()
      failingFactory.record(
        Observable.using(
          { CountingDisposable { disposals += 1 } },
          observableFactory: { (_) -> Observable<Int> in throw TestError("factory") }))
      expectEqual(failingFactory.log, ["error(factory)"])
      expectEqual(disposals, 1)
      let failingResource = Recorder<Int>()
      failingResource.record(
        Observable<Int>.using(
          { () throws -> BooleanDisposable in throw TestError("resource") },
          observableFactory: { _ in .just(1) }))
      expectEqual(failingResource.log, ["error(resource)"])
      let failingSource = Recorder<Int>()
      failingSource.record(
        Observable.using(
          { CountingDisposable { disposals += 1 } }, observableFactory: { _ in .error(TestError()) }
        ))
      expectEqual(failingSource.log, ["error(boom)"])
      expectEqual(disposals, 2)
    }
  }

  @Test func usingHandlesReentrantEvents() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = Observable.using(
        { BooleanDisposable() }, observableFactory: { _ in subject }
      )
      .subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      expectEqual(received, [1, 2])
    }
  }
}
