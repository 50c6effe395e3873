import ReactiveCore
import ReactiveTesting
import Testing

/// The virtual-time benchmark workloads (a hot source through `map`, and the same through a
/// zero debounce), checked for their exact results at a size a test can afford.
@Suite struct VirtualTimeWorkloadTests {
  let count = 2_000

  @Test func everyEventOfAHotSourceIsRecordedAtItsTick() {
    let scheduler = TestScheduler(
      initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let hot = scheduler.createHotObservable((1...count).map { Recorded.next($0, $0) })

    let observer = scheduler.start(created: 0, subscribed: 0, disposed: 2 * count) {
      hot.map { $0 &+ 1 }
    }

    expectEqual(observer.events, (1...count).map { Recorded.next($0, $0 + 1) })
    expectEqual(hot.subscriptions, [Subscription(0, 2 * count)])
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func aZeroDebounceLetsEachEventThroughAtItsOwnTick() {
    let scheduler = TestScheduler(
      initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let hot = scheduler.createHotObservable((1...count).map { Recorded.next($0, $0) })
    let counter = ResourceCounter()

    let observer = counter.measure {
      scheduler.start(created: 0, subscribed: 0, disposed: 2 * count) {
        hot.map { $0 &+ 1 }.debounce(.milliseconds(0), scheduler: scheduler)
      }
    }

    expectEqual(observer.events, (1...count).map { Recorded.next($0, $0 + 1) })
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }
}
