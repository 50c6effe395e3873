import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RelayTests {
  @Test func publishRelayForwardsAcceptedElements() {
    expectNoLeaks {
      let relay = PublishRelay<Int>()
      relay.accept(0)
      let recorder = Recorder<Int>()
      let subscription = recorder.record(relay)
      #expect(relay.hasObservers)
      relay.accept(1)
      subscription.dispose()
      relay.accept(2)
      expectEqual(recorder.log, ["1"])
      #expect(!relay.hasObservers)
    }
  }

  @Test func behaviorRelayHoldsItsValue() {
    expectNoLeaks {
      let relay = BehaviorRelay(value: 1)
      let recorder = Recorder<Int>()
      let subscription = recorder.record(relay.asObservable())
      relay.accept(2)
      expectEqual(relay.value, 2)
      subscription.dispose()
      expectEqual(recorder.log, ["1", "2"])
      #expect(!relay.hasObservers)
    }
  }

  @Test func replayRelayReplaysItsBuffer() {
    expectNoLeaks {
      let relay = ReplayRelay<Int>.create(bufferSize: 2)
      for value in 1...3 { relay.accept(value) }
      let recorder = Recorder<Int>()
      let subscription = recorder.record(relay)
      #expect(relay.hasObservers)
      subscription.dispose()
      expectEqual(recorder.log, ["2", "3"])
      let unbound = ReplayRelay<Int>.createUnbound()
      for value in 1...3 { unbound.accept(value) }
      let all = Recorder<Int>()
      all.record(unbound.asObservable()).dispose()
      expectEqual(all.log, ["1", "2", "3"])
    }
  }

  @Test func relaysHandleReentrantAccepts() {
    expectNoLeaks {
      let relay = BehaviorRelay(value: 0)
      var received: [Int] = []
      let subscription = relay.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { relay.accept(2) }
      })
      relay.accept(1)
      subscription.dispose()
      expectEqual(received, [0, 1, 2])
      expectEqual(relay.value, 2)
    }
  }
}
