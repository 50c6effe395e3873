import AppServer
import Dispatch
import Foundation
import HTTPServer
import LocalBackend
import ReactiveTesting
import TestSupport
import Testing

/// The bound on password checks run at once and logins waiting for one. Threads wait for
/// each state they need (a check running, a login waiting) with a bound only a hang reaches.
@Suite struct LoginGateTests {
  /// A check run on a thread of its own, held until released; `result` is `nil` when the
  /// gate refused it.
  final class HeldLogin: @unchecked Sendable {
    // `@unchecked Sendable`: `outcome` is only touched with `lock` held.
    private let lock = NSLock()
    private var outcome: Bool??
    private let release = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(_ gate: LoginGate, from address: String, order: Order? = nil, name: String = "") {
      Thread { [self] in
        let result = gate.run(from: address) { () -> Bool in
          order?.add(name)
          release.wait()
          return true
        }
        lock.withLock { outcome = .some(result) }
        finished.signal()
      }.start()
    }

    func letGo() { release.signal() }

    /// Whether the gate ran the check (`nil` while it has not finished).
    var ran: Bool? { lock.withLock { outcome.map { $0 != nil } } }

    /// Waits until the check finished or was refused.
    func waitForEnd() -> Bool { finished.wait(timeout: .now() + 60) == .success }
  }

  final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
  }

  /// Waits until `condition` holds, up to a minute (only a hang takes that long).
  static func eventually(_ condition: () -> Bool) -> Bool {
    let limit = Date().addingTimeInterval(60)
    while !condition() {
      if Date() > limit { return false }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return true
  }

  @Test func pastTheRunningAndWaitingLoginsALoginIsRefusedAtOnce() throws {
    let gate = LoginGate(maximumRunning: 1, maximumWaiting: 1)
    let first = HeldLogin(gate, from: "192.0.2.1")
    try #require(Self.eventually { gate.runningCount == 1 })
    let second = HeldLogin(gate, from: "192.0.2.2")
    try #require(Self.eventually { gate.waitingCount == 1 })
    var ran = false
    #expect(gate.run(from: "192.0.2.3") { ran = true } == nil)
    #expect(!ran)
    first.letGo()
    #expect(first.waitForEnd())
    try #require(Self.eventually { gate.runningCount == 1 && gate.waitingCount == 0 })
    second.letGo()
    #expect(second.waitForEnd())
    #expect(first.ran == true && second.ran == true)
    expectEqual(gate.run(from: "192.0.2.3") { 7 }, 7)
  }

  @Test func loginsFromEqualAddressesTakeTurnsInTheOrderTheyCame() throws {
    let gate = LoginGate(maximumRunning: 1, maximumWaiting: 3)
    let order = Order()
    let first = HeldLogin(gate, from: "a", order: order, name: "first")
    try #require(Self.eventually { gate.runningCount == 1 })
    var waiting: [HeldLogin] = []
    for name in ["second", "third", "fourth"] {
      waiting.append(HeldLogin(gate, from: name, order: order, name: name))
      try #require(Self.eventually { gate.waitingCount == waiting.count })
    }
    first.letGo()
    for login in waiting { login.letGo() }
    for login in [first] + waiting { #expect(login.waitForEnd()) }
    expectEqual(order.all, ["first", "second", "third", "fourth"])
  }

  @Test func aLoginFromAnAddressRefusedLessTakesThePlaceOfTheFloods() throws {
    let gate = LoginGate(maximumRunning: 1, maximumWaiting: 1, now: { 100 })
    let running = HeldLogin(gate, from: "flood")
    try #require(Self.eventually { gate.runningCount == 1 })
    let waiting = HeldLogin(gate, from: "flood")
    try #require(Self.eventually { gate.waitingCount == 1 })
    // The flood keeps knocking and is refused.
    for _ in 0..<3 { #expect(gate.run(from: "flood") { true } == nil) }
    running.letGo()
    #expect(running.waitForEnd())
    try #require(Self.eventually { gate.runningCount == 1 && gate.waitingCount == 0 })
    // A flood login that waits now was refused before; a person's login takes its place.
    let flood = HeldLogin(gate, from: "flood")
    try #require(Self.eventually { gate.waitingCount == 1 })
    let person = HeldLogin(gate, from: "person")
    #expect(flood.waitForEnd())
    expectEqual(flood.ran, false)
    try #require(Self.eventually { gate.waitingCount == 1 })
    waiting.letGo()
    person.letGo()
    #expect(waiting.waitForEnd() && person.waitForEnd())
    expectEqual(person.ran, true)
  }

  @Test func aTurnIsKeptForAnAddressNotRefusedLately() throws {
    let gate = LoginGate(maximumRunning: 2, maximumWaiting: 2, now: { 100 })
    let held = (0..<4).map { HeldLogin(gate, from: "quiet-\($0)") }
    try #require(Self.eventually { gate.runningCount == 2 && gate.waitingCount == 2 })
    // The flood knocks while every turn and place is taken, and is refused.
    #expect(gate.run(from: "flood") { true } == nil)
    for login in held { login.letGo() }
    for login in held { #expect(login.waitForEnd()) }
    try #require(Self.eventually { gate.runningCount == 0 && gate.waitingCount == 0 })
    // One turn is free, but it is kept: the flood's next login waits for the other one.
    let quiet = HeldLogin(gate, from: "quiet-0")
    try #require(Self.eventually { gate.runningCount == 1 })
    let flood = HeldLogin(gate, from: "flood")
    try #require(Self.eventually { gate.waitingCount == 1 })
    expectEqual(gate.runningCount, 1)
    // A person's login takes the kept turn at once, ahead of the flood.
    let person = HeldLogin(gate, from: "person")
    try #require(Self.eventually { gate.runningCount == 2 })
    expectEqual(gate.waitingCount, 1)
    person.letGo()
    #expect(person.waitForEnd())
    expectEqual(gate.waitingCount, 1)
    quiet.letGo()
    #expect(quiet.waitForEnd())
    flood.letGo()
    #expect(flood.waitForEnd())
    #expect(person.ran == true && flood.ran == true)
  }

  @Test func refusalsAreForgottenAfterTheirMemory() throws {
    let clock = ManualClock()
    let gate = LoginGate(
      maximumRunning: 1, maximumWaiting: 1, refusalMemory: 10,
      now: { clock.now.timeIntervalSince1970 })
    let running = HeldLogin(gate, from: "a")
    try #require(Self.eventually { gate.runningCount == 1 })
    let waiting = HeldLogin(gate, from: "b")
    try #require(Self.eventually { gate.waitingCount == 1 })
    for _ in 0..<2 { #expect(gate.run(from: "flood") { true } == nil) }
    running.letGo()
    #expect(running.waitForEnd())
    try #require(Self.eventually { gate.runningCount == 1 && gate.waitingCount == 0 })
    clock.advance(11)
    // The flood's refusals are forgotten: its login waits as an equal, and keeps its place.
    let flood = HeldLogin(gate, from: "flood")
    try #require(Self.eventually { gate.waitingCount == 1 })
    #expect(gate.run(from: "person") { true } == nil)
    waiting.letGo()
    flood.letGo()
    #expect(waiting.waitForEnd() && flood.waitForEnd())
    expectEqual(flood.ran, true)
  }

  @Test func theServerAnswersALoginPastTheGate503WithRetryAfter() throws {
    try withTemporaryDirectory { directory in
      let gate = LoginGate(maximumRunning: 1, maximumWaiting: 0)
      let api = ServerAPI(
        storage: try ServerStorage.embedded(directory: directory), loginGate: gate)
      let held = HeldLogin(gate, from: "192.0.2.9")
      try #require(Self.eventually { gate.runningCount == 1 })
      let refused = try ServerLoginTests.logIn(api)
      expectEqual(refused.status, 503)
      expectEqual(refused.headers["Retry-After"], "1")
      expectEqual((refused.json["error"] as? String)?.contains("too many logins"), true)
      held.letGo()
      #expect(held.waitForEnd())
      #expect(try ServerLoginTests.logIn(api).status == 200)
    }
  }
}
