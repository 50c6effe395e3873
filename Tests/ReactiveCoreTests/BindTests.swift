import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct BindTests {
  @Test func bindToObserversForwardsEveryEvent() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let firstRecorder = Recorder<Int>()
      let secondRecorder = Recorder<Int>()
      firstRecorder.record(first)
      secondRecorder.record(second)
      _ = Observable.concat([.of(1), .error(TestError())]).bind(to: first, second)
      expectEqual(firstRecorder.log, ["1", "error(boom)"])
      expectEqual(secondRecorder.log, ["1", "error(boom)"])
      let optional = PublishSubject<Int?>()
      let optionalRecorder = Recorder<Int?>()
      optionalRecorder.record(optional)
      _ = Observable.of(2).bind(to: optional)
      expectEqual(optionalRecorder.log, ["Optional(2)", "completed"])
    }
  }

  @Test func bindToRelaysAcceptsElements() {
    expectNoLeaks {
      let publish = PublishRelay<Int>()
      let behavior = BehaviorRelay(value: 0)
      let replay = ReplayRelay<Int>.create(bufferSize: 1)
      let recorder = Recorder<Int>()
      let subscription = recorder.record(publish)
      _ = Observable.of(1, 2).bind(to: publish)
      _ = Observable.of(3).bind(to: behavior)
      _ = Observable.of(4).bind(to: replay)
      expectEqual(recorder.log, ["1", "2"])
      expectEqual(behavior.value, 3)
      let replayed = Recorder<Int>()
      replayed.record(replay).dispose()
      expectEqual(replayed.log, ["4"])
      let optionalPublish = PublishRelay<Int?>()
      let optionalBehavior = BehaviorRelay<Int?>(value: nil)
      let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
      _ = Observable.of(5).bind(to: optionalPublish)
      _ = Observable.of(6).bind(to: optionalBehavior)
      _ = Observable.of(7).bind(to: optionalReplay)
      expectEqual(optionalBehavior.value, 6)
      let optionalReplayed = Recorder<Int?>()
      optionalReplayed.record(optionalReplay).dispose()
      expectEqual(optionalReplayed.log, ["Optional(7)"])
      subscription.dispose()
    }
  }

  @Test func bindToFunctionsAndOnNext() {
    expectNoLeaks {
      let count = Observable.of(1, 2, 3).bind { source in
        var total = 0
        _ = source.subscribe(onNext: { total += $0 })
        return total
      }
      expectEqual(count, 6)
      let label: (Observable<Int>) -> (String) -> String = { source in
        { prefix in
          var last = 0
          _ = source.subscribe(onNext: { last = $0 })
          return "\(prefix)\(last)"
        }
      }
      expectEqual(Observable.of(1, 2).bind(to: label, curriedArgument: "last "), "last 2")
      var received: [Int] = []
      let subject = PublishSubject<Int>()
      let subscription = subject.bind(onNext: { received.append($0) })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      expectEqual(received, [1])
    }
  }
}
