import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ScheduleRecursiveTests {
  /// On a concurrent queue a step can run before `schedule` has returned the step before it;
  /// no step may be lost to that race (it used to stall a sequence part way).
  @Test func aLongRecursionOnAConcurrentQueueLosesNoStep() throws {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
    for _ in 0..<5 {
      let values = try Observable.from(Array(0..<5_000), scheduler: scheduler)
        .toBlocking(timeout: 20).toArray()
      expectEqual(values, Array(0..<5_000))
    }
  }

  @Test func disposingStopsTheRecursion() {
    let scheduler = TestScheduler(initialClock: 0)
    var steps = 0
    let subscription = scheduler.scheduleRecursive(0) { state, recurse in
      steps += 1
      if state < 100 { recurse(state + 1) }
    }
    subscription.dispose()
    scheduler.start()
    expectEqual(steps, 0)
  }
}
