import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SwitchTests {
  @Test func flatMapLatestMirrorsOnlyTheNewestInner() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inners = [PublishSubject<String>(), PublishSubject<String>()]
      let recorder = Recorder<String>()
      recorder.record(outer.flatMapLatest { inners[$0] })
      outer.onNext(0)
      inners[0].onNext("a")
      outer.onNext(1)
      #expect(!inners[0].hasObservers)
      inners[0].onNext("stale")
      inners[1].onNext("b")
      outer.onCompleted()
      expectEqual(recorder.log, ["a", "b"])
      inners[1].onCompleted()
      expectEqual(recorder.log, ["a", "b", "completed"])
    }
  }

  @Test func flatMapLatestDeliversFromAnInnerUntilTheSwitchAndNeverAfter() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let stale = PublishSubject<String>()
      var received: [String] = []
      let subscription = outer.flatMapLatest { value -> Observable<String> in
        if value == 0 { return stale }
        // The previous inner tries to emit while the switch is in progress.
        stale.onNext("stale")
        return .just("fresh")
      }.subscribe(onNext: { received.append($0) })
      outer.onNext(0)
      stale.onNext("first")
      outer.onNext(1)
      expectEqual(received, ["first", "stale", "fresh"])
      stale.onNext("late")
      subscription.dispose()
      expectEqual(received, ["first", "stale", "fresh"])
    }
  }

  @Test func flatMapLatestErrorsDisposalAndReentrancy() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let failing = Recorder<Int>()
      failing.record(outer.flatMapLatest { _ in inner })
      outer.onNext(1)
      inner.onError(TestError())
      expectEqual(failing.log, ["error(boom)"])
      #expect(!outer.hasObservers)

      let selector = Recorder<Int>()
      selector.record(Observable.of(1).flatMapLatest { _ -> Observable<Int> in throw TestError() })
      expectEqual(selector.log, ["error(boom)"])

      let source = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(source.flatMapLatest { _ in inner })
      source.onNext(1)
      subscription.dispose()
      #expect(!inner.hasObservers && !source.hasObservers)

      var received: [Int] = []
      let reentrant = source.flatMapLatest { Observable.of($0, $0) }.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onNext(2) }
      })
      source.onNext(1)
      reentrant.dispose()
      // The second 1 belongs to the inner that the nested element replaced.
      expectEqual(received, [1, 2, 2])
    }
  }

  @Test func flatMapLatestCompletesWhenTheOuterAndTheLastInnerHaveBothEnded() {
    expectNoLeaks {
      // The inner is still running when the outer completes: the inner's end completes it.
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<String>()
      let running = Recorder<String>()
      running.record(outer.flatMapLatest { _ in inner })
      outer.onNext(0)
      outer.onCompleted()
      inner.onNext("a")
      expectEqual(running.log, ["a"])
      inner.onCompleted()
      expectEqual(running.log, ["a", "completed"])

      // The inner ended first: the outer's end completes it.
      let source = PublishSubject<Int>()
      let ended = Recorder<Int>()
      ended.record(source.flatMapLatest { Observable.just($0) })
      source.onNext(1)
      expectEqual(ended.log, ["1"])
      source.onCompleted()
      expectEqual(ended.log, ["1", "completed"])

      // An inner replaced before it ends does not hold the result open.
      let stale = PublishSubject<Int>()
      let replaced = Recorder<Int>()
      let values = PublishSubject<Int>()
      replaced.record(values.flatMapLatest { $0 == 0 ? stale.asObservable() : .just($0) })
      values.onNext(0)
      values.onNext(2)
      values.onCompleted()
      expectEqual(replaced.log, ["2", "completed"])
      #expect(!stale.hasObservers)
    }
  }

  @Test func flatMapLatestMixesSynchronousAndLiveInnersInAnyOrder() {
    expectNoLeaks {
      // Inners that end during their subscription alternate with live ones, so an ended inner's
      // subscription is reused for the next one, and a live one replaces it, in every order.
      let outer = PublishSubject<Int>()
      let live = (0..<6).map { _ in PublishSubject<Int>() }
      let recorder = Recorder<Int>()
      recorder.record(
        outer.flatMapLatest { value -> Observable<Int> in
          value.isMultiple(of: 3) ? live[value / 3].asObservable() : .of(value, value * 10)
        })
      for value in 0..<18 {
        outer.onNext(value)
        if value.isMultiple(of: 3) {
          live[value / 3].onNext(-value)
          if value.isMultiple(of: 2) { live[value / 3].onCompleted() }
        }
      }
      #expect(live.allSatisfy { !$0.hasObservers })
      let expected = (0..<18).flatMap { value in
        value.isMultiple(of: 3) ? [-value] : [value, value * 10]
      }
      expectEqual(recorder.log, expected.map(String.init))
      outer.onNext(1)
      outer.onCompleted()
      expectEqual(recorder.log.suffix(3), ["1", "10", "completed"])

      // An error from a live inner that follows a reused subscription ends the result.
      let source = PublishSubject<Int>()
      let failing = PublishSubject<Int>()
      let failed = Recorder<Int>()
      failed.record(source.flatMapLatest { $0 == 0 ? failing.asObservable() : .just($0) })
      source.onNext(1)
      source.onNext(2)
      source.onNext(0)
      failing.onError(TestError())
      source.onNext(3)
      expectEqual(failed.log, ["1", "2", "error(boom)"])
      #expect(!source.hasObservers)
    }
  }

  @Test func switchLatestSwitchesToEachNewInner() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let first = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(outer.switchLatest())
      outer.onNext(first)
      first.onNext(1)
      outer.onNext(.of(2, 3))
      first.onNext(4)
      outer.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
      #expect(!first.hasObservers)
    }
  }

  /// An inner sequence that ends while the operator is being disposed, after it stopped
  /// listening to the inner one and before it disposed it (here from the outer sequence's
  /// disposal; in a program, from another thread), still gets its subscription disposed:
  /// `take(1)` leaves that to its subscriber, so a subject would otherwise keep the observer,
  /// and with it the operator, for ever.
  @Test func anInnerThatEndsWhileTheOperatorIsDisposedIsStillDisposed() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let subscription = outer.do(onDispose: { inner.onNext(1) })
        .flatMapLatest { _ in inner.take(1) }
        .subscribe()
      outer.onNext(0)
      #expect(inner.hasObservers)
      subscription.dispose()
      #expect(!outer.hasObservers)
      #expect(!inner.hasObservers)
    }
  }

  /// Work scheduled on `CurrentThreadScheduler` while an inner `just` delivers its element runs
  /// at once, as in RxSwift, whose `just` subscribes without the trampoline; an inner source
  /// that does enter it (`of`) has the work wait until its subscription returns.
  @Test func anInnerJustDoesNotHoldBackWorkScheduledOnTheCurrentThread() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var log: [String] = []
      let subscription = outer.flatMapLatest { $0 == 1 ? Observable.just($0) : .of($0) }
        .subscribe(onNext: { value in
          _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("scheduled \(value)")
            return Disposables.create()
          }
          log.append("next \(value)")
        })
      outer.onNext(1)
      outer.onNext(2)
      expectEqual(log, ["scheduled 1", "next 1", "next 2", "scheduled 2"])
      subscription.dispose()
    }
  }

  /// A subscriber that sends into the outer sequence while an inner `just` delivers: the nested
  /// element replaces that `just`, whose completion is then ignored, and the outer completion
  /// waits for the newest `just` to complete, after its element's delivery has returned.
  @Test func anInnerJustKeepsTheOrderWhenTheSubscriberReenters() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var log: [String] = []
      let subscription = outer.flatMapLatest { Observable.just($0) }
        .subscribe(
          onNext: { value in
            log.append("next \(value)")
            if value == 1 { outer.onNext(2) }
            if value == 2 { outer.onCompleted() }
            log.append("end \(value)")
          }, onCompleted: { log.append("completed") })
      outer.onNext(1)
      expectEqual(log, ["next 1", "next 2", "end 2", "completed", "end 1"])
      #expect(!outer.hasObservers)
      subscription.dispose()

      // Disposing from inside the delivery: nothing follows, and nothing is left subscribed.
      let source = PublishSubject<Int>()
      var received: [String] = []
      var inner: Disposable?
      inner = source.flatMapLatest { Observable.just($0) }
        .subscribe(
          onNext: { value in
            received.append("next \(value)")
            inner?.dispose()
            source.onNext(value + 1)
          }, onCompleted: { received.append("completed") })
      source.onNext(1)
      source.onCompleted()
      expectEqual(received, ["next 1"])
      #expect(!source.hasObservers)
    }
  }
}
