import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CreateTests {
  @Test func createEnforcesTheGrammarAndDisposesItsResource() {
    expectNoLeaks {
      var disposed = 0
      let source = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        observer.onNext(2)
        observer.onError(TestError())
        return Disposables.create { disposed += 1 }
      }
      let recorder = Recorder<Int>()
      recorder.record(source)
      expectEqual(recorder.log, ["1", "completed"])
      expectEqual(disposed, 1)
    }
  }

  @Test func createDisposedMidStreamStopsDelivery() {
    expectNoLeaks {
      var observer: AnyObserver<Int>?
      var disposed = 0
      let source = Observable<Int>.create {
        observer = $0
        return Disposables.create { disposed += 1 }
      }
      let recorder = Recorder<Int>()
      let subscription = recorder.record(source)
      observer?.onNext(1)
      subscription.dispose()
      observer?.onNext(2)
      expectEqual(recorder.log, ["1"])
      expectEqual(disposed, 1)
      observer = nil
    }
  }
}
