import ReactiveCore
import ReactiveTesting

/// A scheduler whose tick is a millisecond and which runs work scheduled for now at once, so
/// timelines read exactly as written.
func millisecondScheduler() -> TestScheduler {
  TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
}

/// Errors the tests fail with.
enum TestFailure: Error, Equatable {
  case boom
  case broken
  case other
}

struct UnrelatedFailure: Error, Equatable {}
