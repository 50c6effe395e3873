import Foundation

/// Bounds the password checks that run at once, and the logins that wait for one, so that a
/// flood of logins cannot take every processor: each check runs PBKDF2 for a noticeable time
/// (600,000 iterations), and without a bound a flood makes every login, real ones included,
/// wait for all the others.
///
/// At most ``maximumRunning`` checks run at once, and up to ``maximumWaiting`` more wait for a
/// turn; a login past both is refused at once (the server answers 503 with `Retry-After`), at
/// no cost to the others. A login let in waits for at most the checks running and those ahead
/// of it, so it finishes within about `1 + (maximumRunning + maximumWaiting) /
/// maximumRunning` times its time on a quiet server, however large the flood: 3 with the
/// defaults (as many checks at once as the machine has processors, and as many waiting).
///
/// **Who waits first.** A client address that was refused in the last
/// ``refusalMemory`` waits behind addresses that were not (and behind those refused less
/// often), and a login from an address refused less often takes the place of the waiting
/// login refused most often when the line is full. A flood keeps knocking and is refused
/// again and again; a person who logs in now and then is not: their login goes ahead of the
/// flood's. Among equals, the first to come goes first. This depends on addresses only, never
/// on the account asked for, so it says nothing about which accounts exist.
///
/// **A turn kept for a person.** When more than one check may run, logins from addresses
/// refused lately run in all turns but one: the last is kept for an address refused in no
/// recent moment. A person's login during a flood therefore starts at once, without waiting
/// for one of the flood's checks to end, and its time grows only with what the flood takes of
/// the processors.
///
/// Nothing is locked while a check runs.
public final class LoginGate: @unchecked Sendable {
  // `@unchecked Sendable`: every variable is only touched with `condition` locked.

  /// Why a login was refused: too many checks run and wait already.
  public struct Busy: Error, Sendable, Equatable {
    /// Makes the error.
    public init() {}
  }

  /// How many password checks may run at once.
  public let maximumRunning: Int
  /// How many logins may wait for a turn; more are refused at once.
  public let maximumWaiting: Int
  /// How long a refusal counts against its address, in seconds.
  public let refusalMemory: Double
  private let now: @Sendable () -> Double
  private let condition = NSCondition()
  private var running = 0
  private var queue: [Waiter] = []
  private var nextTicket: UInt64 = 0
  private var refusals: [String: Refusals] = [:]
  private var lastForgetting = 0.0
  private var displacedTickets: Set<UInt64> = []

  private struct Waiter {
    var ticket: UInt64
    var address: String
    var priority: Int
  }

  private struct Refusals {
    var count: Int
    var last: Double
  }

  /// The most addresses whose refusals are remembered; past it, the oldest are forgotten.
  static let maximumRemembered = 65_536

  /// Creates a gate; by default as many checks run at once as the machine has processors,
  /// and as many logins may wait.
  ///
  /// - Parameter now: seconds on a clock that only moves forward; tests pass one they move
  ///   by hand.
  public init(
    maximumRunning: Int? = nil, maximumWaiting: Int? = nil, refusalMemory: Double = 10,
    now: @escaping @Sendable () -> Double = {
      Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
  ) {
    let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
    self.maximumRunning = max(1, maximumRunning ?? processors)
    self.maximumWaiting = max(0, maximumWaiting ?? self.maximumRunning)
    self.refusalMemory = refusalMemory
    self.now = now
  }

  /// How many logins wait for a turn now.
  public var waitingCount: Int { condition.withLock { queue.count } }

  /// How many checks run now.
  public var runningCount: Int { condition.withLock { running } }

  /// Runs `check` for a login from `address` when its turn comes, or returns `nil` without
  /// running it: at once when ``maximumRunning`` checks run and ``maximumWaiting`` logins
  /// wait from addresses refused no more often than `address`, or later, when a login from
  /// an address refused less often takes its place in the line.
  public func run<Result>(from address: String, _ check: () throws -> Result) rethrows
    -> Result?
  {
    guard admit(address) else { return nil }
    defer {
      condition.withLock {
        running -= 1
        condition.broadcast()
      }
    }
    return try check()
  }

  /// Waits for a turn for `address` (then counts it as running), or refuses it.
  private func admit(_ address: String) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    let time = now()
    let priority = refusalCount(address, at: time)
    if running < turns(priority) && queue.isEmpty {
      running += 1
      return true
    }
    if queue.count >= maximumWaiting {
      // The waiting login refused most often (the last to come among those) gives way to
      // one refused less often; else the newcomer is refused.
      guard
        let worst = queue.indices.max(by: {
          (queue[$0].priority, queue[$0].ticket) < (queue[$1].priority, queue[$1].ticket)
        }),
        queue[worst].priority > priority
      else {
        refuse(address, at: time)
        return false
      }
      let displaced = queue.remove(at: worst)
      refuse(displaced.address, at: time)
      displacedTickets.insert(displaced.ticket)
      condition.broadcast()
    }
    let ticket = nextTicket
    nextTicket &+= 1
    let waiter = Waiter(ticket: ticket, address: address, priority: priority)
    let position =
      queue.firstIndex { ($0.priority, $0.ticket) > (priority, ticket) } ?? queue.endIndex
    queue.insert(waiter, at: position)
    while true {
      if displacedTickets.remove(ticket) != nil { return false }
      if running < turns(priority), queue.first?.ticket == ticket {
        queue.removeFirst()
        running += 1
        // Another turn may be free too: let the next in line look.
        condition.broadcast()
        return true
      }
      condition.wait()
    }
  }

  /// How many checks may run when a login of `priority` (its address's refusals) starts: all
  /// of them for an address refused in no recent moment; all but one, kept for such an
  /// address, for the others.
  private func turns(_ priority: Int) -> Int {
    priority == 0 ? maximumRunning : max(1, maximumRunning - 1)
  }

  private func refusalCount(_ address: String, at time: Double) -> Int {
    guard let entry = refusals[address], time - entry.last < refusalMemory else { return 0 }
    return entry.count
  }

  private func refuse(_ address: String, at time: Double) {
    let count = refusalCount(address, at: time)
    refusals[address] = Refusals(count: count + 1, last: time)
    if time - lastForgetting >= refusalMemory || refusals.count > Self.maximumRemembered {
      lastForgetting = time
      refusals = refusals.filter { time - $0.value.last < refusalMemory }
      if refusals.count > Self.maximumRemembered {
        let newest = refusals.sorted { $0.value.last > $1.value.last }
          .prefix(Self.maximumRemembered / 2)
        refusals = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
      }
    }
  }
}
