import ReactiveCore
import ReactiveTesting

/// W6m: on a `TestScheduler`, a hot observable with `n` elements at ticks 1…n, through `map`,
/// recorded by `start`. Times creating the scheduler and the observable and running the
/// scheduler to the end, per virtual event.
func virtualTimeMap(_ n: Int) -> Pass {
  virtualTimeChain(n, debounced: false)
}

/// W6d: the W6m chain followed by `debounce(.milliseconds(0), scheduler:)` on the same
/// scheduler. Without simulated processing delay every element leaves the debounce at the tick
/// it arrived, so the recorded events, and the checksum, are those of W6m.
func virtualTimeDebounce(_ n: Int) -> Pass {
  virtualTimeChain(n, debounced: true)
}

private func virtualTimeChain(_ n: Int, debounced: Bool) -> Pass {
  let events = (1...n).map { Recorded<Event<Int>>.next($0, $0) }
  var observer: TestableObserver<Int>?
  let nanoseconds = measure {
    let scheduler = TestScheduler(
      initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let source = scheduler.createHotObservable(events)
    observer = scheduler.start(created: 0, subscribed: 0, disposed: 2 * n) {
      () -> Observable<Int> in
      let mapped = source.map { $0 &+ 1 }
      return debounced ? mapped.debounce(.milliseconds(0), scheduler: scheduler) : mapped
    }
  }
  return Pass(nanoseconds: nanoseconds, checksum: timelineChecksum(observer?.events ?? []))
}

/// Folds every recorded element and its tick, in order, into one number; a completion or an
/// error (neither is expected) changes it too.
private func timelineChecksum(_ events: [Recorded<Event<Int>>]) -> Int {
  var checksum = 0
  for recorded in events {
    switch recorded.value {
    case .next(let element): checksum = checksum &* 31 &+ element &* 7 &+ recorded.time
    case .completed: checksum = checksum &* 31 &+ 1
    case .error: checksum = checksum &* 31 &+ 2
    }
  }
  return checksum
}
