import Authentication
import Foundation
import Testing

@Suite struct LoginThrottleTests {
  @Test func fiveFailuresWithinFifteenMinutesStartAWait() {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...4 {
      #expect(throttle.recordFailure(for: "ada") == .allowed)
      clock.advance(60)
    }
    #expect(throttle.check("ada") == .allowed)
    #expect(throttle.recordFailure(for: "ada") == .wait(seconds: 30))
    #expect(throttle.check("ada") == .wait(seconds: 30))
    clock.advance(10)
    #expect(throttle.check("ada") == .wait(seconds: 20))
    clock.advance(19.5)
    #expect(throttle.check("ada") == .wait(seconds: 1))
    clock.advance(0.5)
    #expect(throttle.check("ada") == .allowed)
  }

  @Test func eachFurtherFailureDoublesTheWaitUpToAnHour() {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...4 { throttle.recordFailure(for: "ada") }
    var waits: [Int] = []
    for _ in 1...10 {
      guard case .wait(let seconds) = throttle.recordFailure(for: "ada") else {
        Issue.record("no wait after a failure past the limit")
        return
      }
      waits.append(seconds)
      clock.advance(TimeInterval(seconds))
      #expect(throttle.check("ada") == .allowed)
    }
    #expect(waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
  }

  @Test func failuresSpreadOverMoreThanFifteenMinutesDoNotAddUp() {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...12 {
      #expect(throttle.recordFailure(for: "ada") == .allowed)
      // 4 failures in any 15 minutes: the oldest has left the window by the fifth.
      clock.advance(4 * 60 + 1)
    }
  }

  @Test func aSuccessResetsTheKey() {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...5 { throttle.recordFailure(for: "ada") }
    clock.advance(30)
    throttle.recordSuccess(for: "ada")
    for _ in 1...4 { #expect(throttle.recordFailure(for: "ada") == .allowed) }
    #expect(throttle.recordFailure(for: "ada") == .wait(seconds: 30))
  }

  @Test func fifteenQuietMinutesAfterAWaitForgetTheKey() {
    let clock = ManualClock()
    let throttle = LoginThrottle<String>(now: clock.reader)
    for _ in 1...6 { throttle.recordFailure(for: "ada") }
    #expect(throttle.check("ada") == .wait(seconds: 60))
    clock.advance(60 + 15 * 60)
    for _ in 1...4 { #expect(throttle.recordFailure(for: "ada") == .allowed) }
    #expect(throttle.recordFailure(for: "ada") == .wait(seconds: 30))
  }

  @Test func keysAreCountedApart() {
    let throttle = LoginThrottle<String>(now: ManualClock().reader)
    for _ in 1...5 { throttle.recordFailure(for: "ada") }
    #expect(throttle.check("ada") == .wait(seconds: 30))
    #expect(throttle.check("grace") == .allowed)
    #expect(throttle.recordFailure(for: "grace") == .allowed)
  }

  @Test func theRuleCanBeChosen() {
    let clock = ManualClock()
    let rule = LoginThrottle<Int>.Rule(
      maximumFailures: 2, window: .seconds(60), firstDelay: .seconds(5), maximumDelay: .seconds(12))
    let throttle = LoginThrottle<Int>(rule: rule, now: clock.reader)
    #expect(throttle.recordFailure(for: 1) == .allowed)
    #expect(throttle.recordFailure(for: 1) == .wait(seconds: 5))
    clock.advance(5)
    #expect(throttle.recordFailure(for: 1) == .wait(seconds: 10))
    clock.advance(10)
    #expect(throttle.recordFailure(for: 1) == .wait(seconds: 12))
  }
}
