import Authentication
import Foundation
import ReactiveTesting
import Testing

@Suite struct LoginThrottleTests {
  @Test func fiveFailuresWithinFifteenMinutesStartAWait() throws {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...4 {
      #expect(try throttle.recordFailure(for: "ada") == .allowed)
      clock.advance(60)
    }
    #expect(try throttle.check("ada") == .allowed)
    #expect(try throttle.recordFailure(for: "ada") == .wait(seconds: 30))
    #expect(try throttle.check("ada") == .wait(seconds: 30))
    clock.advance(10)
    #expect(try throttle.check("ada") == .wait(seconds: 20))
    clock.advance(19.5)
    #expect(try throttle.check("ada") == .wait(seconds: 1))
    clock.advance(0.5)
    #expect(try throttle.check("ada") == .allowed)
  }

  @Test func eachFurtherFailureDoublesTheWaitUpToAnHour() throws {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...4 { try throttle.recordFailure(for: "ada") }
    var waits: [Int] = []
    for _ in 1...10 {
      guard case .wait(let seconds) = try throttle.recordFailure(for: "ada") else {
        Issue.record("no wait after a failure past the limit")
        return
      }
      waits.append(seconds)
      clock.advance(TimeInterval(seconds))
      #expect(try throttle.check("ada") == .allowed)
    }
    expectEqual(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
  }

  @Test func failuresSpreadOverMoreThanFifteenMinutesDoNotAddUp() throws {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...12 {
      #expect(try throttle.recordFailure(for: "ada") == .allowed)
      // 4 failures in any 15 minutes: the oldest has left the window by the fifth.
      clock.advance(4 * 60 + 1)
    }
  }

  @Test func aSuccessResetsTheKey() throws {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...5 { try throttle.recordFailure(for: "ada") }
    clock.advance(30)
    try throttle.recordSuccess(for: "ada")
    for _ in 1...4 { #expect(try throttle.recordFailure(for: "ada") == .allowed) }
    #expect(try throttle.recordFailure(for: "ada") == .wait(seconds: 30))
  }

  @Test func fifteenQuietMinutesAfterAWaitForgetTheKey() throws {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...6 { try throttle.recordFailure(for: "ada") }
    #expect(try throttle.check("ada") == .wait(seconds: 60))
    clock.advance(60 + 15 * 60)
    for _ in 1...4 { #expect(try throttle.recordFailure(for: "ada") == .allowed) }
    #expect(try throttle.recordFailure(for: "ada") == .wait(seconds: 30))
  }

  @Test func keysAreCountedApart() throws {
    let throttle = LoginThrottle<String>(now: ManualClock().reader)
    for _ in 1...5 { try throttle.recordFailure(for: "ada") }
    #expect(try throttle.check("ada") == .wait(seconds: 30))
    #expect(try throttle.check("grace") == .allowed)
    #expect(try throttle.recordFailure(for: "grace") == .allowed)
  }

  @Test func theRuleCanBeChosen() throws {
    let clock = ManualClock()
    let rule = LoginThrottle<Int>.Rule(
      maximumFailures: 2, window: .seconds(60), firstDelay: .seconds(5), maximumDelay: .seconds(12))
    let throttle = LoginThrottle<Int>(rule: rule, now: clock.reader)
    #expect(try throttle.recordFailure(for: 1) == .allowed)
    #expect(try throttle.recordFailure(for: 1) == .wait(seconds: 5))
    clock.advance(5)
    #expect(try throttle.recordFailure(for: 1) == .wait(seconds: 10))
    clock.advance(10)
    #expect(try throttle.recordFailure(for: 1) == .wait(seconds: 12))
  }

  @Test func quietKeysAreForgottenEveryThousandFailures() throws {
    let clock = ManualClock()
    let storage = MemoryThrottleStorage<Int>()
    let throttle = LoginThrottle<Int>(storage: storage, now: clock.reader)
    try throttle.recordFailure(for: -1)
    clock.advance(15 * 60)
    for key in 1..<LoginThrottle<Int>.failuresBetweenForgetting {
      try throttle.recordFailure(for: key)
    }
    // The thousandth failure forgot key -1, quiet for 15 minutes, and none of the others.
    #expect(storage.count == LoginThrottle<Int>.failuresBetweenForgetting - 1)
    #expect(storage.update(-1) { $0 } == nil)
  }

  @Test func aStateIsQuietOnceItsWaitOrFailuresAreAWindowOld() {
    let time = Date(timeIntervalSince1970: 1_000_000)
    let window = Duration.seconds(60)
    #expect(ThrottleState().isQuiet(at: time, window: window))
    let failed = ThrottleState(failures: [time.addingTimeInterval(-59)])
    #expect(!failed.isQuiet(at: time, window: window))
    #expect(failed.isQuiet(at: time.addingTimeInterval(1), window: window))
    let waited = ThrottleState(waits: 1, waitEnds: time)
    #expect(!waited.isQuiet(at: time.addingTimeInterval(59), window: window))
    #expect(waited.isQuiet(at: time.addingTimeInterval(60), window: window))
  }
}
