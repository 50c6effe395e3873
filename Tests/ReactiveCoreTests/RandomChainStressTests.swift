import Dispatch
import Foundation
import ReactiveCore
import Synchronization
import Testing

/// Random chains of operators over two subjects fed from two threads at once. For each chain:
/// it finishes (every wait is bounded), nothing follows a terminal event, the observer never
/// gets two calls at once, and once `dispose()` returned (and the chain's queues ran what was
/// already on them) nothing reaches the observer any more and no subject keeps an observer.
///
/// The chains come from a seeded generator: a failure names the seed and the chain. The run
/// is short by default; `STRESS_CHAINS=10000` runs that many chains, `STRESS_SEED=n` starts
/// from seed `n` (with `STRESS_CHAINS=1` it rebuilds the one chain a failure named).
@Suite(.timeLimit(.minutes(5))) struct RandomChainStressTests {
  /// A small, fast generator whose sequence depends only on its seed (SplitMix64).
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
  }

  /// What a flat-mapping operator turns each element into.
  enum Inner: String, CaseIterable, Sendable {
    case just, pair, firstOfA, firstOfB
  }

  /// A chain, as a tree of operators whose leaves are the two subjects (`a`, `b`), one shared
  /// view of `a` used wherever it appears, or a finite synchronous source.
  indirect enum Chain: CustomStringConvertible, Sendable {
    case a, b, sharedA, of
    case map(Chain)
    case filter(Chain)
    case scan(Chain)
    case take(Int, Chain)
    case skip(Int, Chain)
    case distinctUntilChanged(Chain)
    case throwingMap(Chain)
    case flatMap(Chain, Inner)
    case flatMapLatest(Chain, Inner)
    case concat(Chain, Chain)
    case merge(Chain, Chain)
    case combineLatest(Chain, Chain)
    case zip(Chain, Chain)
    case withLatestFrom(Chain, Chain)
    case catchError(Chain)
    case retry(Chain)
    case share(Chain)
    case observeOnSerial(Chain)
    case observeOnConcurrent(Chain)
    case subscribeOn(Chain)

    var description: String {
      switch self {
      case .a: return "A"
      case .b: return "B"
      case .sharedA: return "sharedA"
      case .of: return ".of(1, 2, 3)"
      case .map(let source): return "\(source).map"
      case .filter(let source): return "\(source).filter"
      case .scan(let source): return "\(source).scan"
      case .take(let count, let source): return "\(source).take(\(count))"
      case .skip(let count, let source): return "\(source).skip(\(count))"
      case .distinctUntilChanged(let source): return "\(source).distinctUntilChanged"
      case .throwingMap(let source): return "\(source).map{throws}"
      case .flatMap(let source, let inner): return "\(source).flatMap{\(inner)}"
      case .flatMapLatest(let source, let inner): return "\(source).flatMapLatest{\(inner)}"
      case .concat(let first, let second): return "concat(\(first), \(second))"
      case .merge(let first, let second): return "merge(\(first), \(second))"
      case .combineLatest(let first, let second): return "combineLatest(\(first), \(second))"
      case .zip(let first, let second): return "zip(\(first), \(second))"
      case .withLatestFrom(let first, let second): return "\(first).withLatestFrom(\(second))"
      case .catchError(let source): return "\(source).catch"
      case .retry(let source): return "\(source).retry(3)"
      case .share(let source): return "\(source).share()"
      case .observeOnSerial(let source): return "\(source).observe(on: serial)"
      case .observeOnConcurrent(let source): return "\(source).observe(on: concurrent)"
      case .subscribeOn(let source): return "\(source).subscribe(on: serial)"
      }
    }

    /// A random chain at most `depth` operators deep.
    static func random(depth: Int, using generator: inout SeededGenerator) -> Chain {
      if depth == 0 || Int.random(in: 0..<5, using: &generator) == 0 {
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<7: return .a
        case 7..<14: return .b
        case 14..<17: return .sharedA
        default: return .of
        }
      }
      func sub() -> Chain { random(depth: depth - 1, using: &generator) }
      func inner() -> Inner { Inner.allCases.randomElement(using: &generator)! }
      switch Int.random(in: 0..<22, using: &generator) {
      case 0: return .map(sub())
      case 1: return .filter(sub())
      case 2: return .scan(sub())
      case 3: return .take(Int.random(in: 1...8, using: &generator), sub())
      case 4: return .skip(Int.random(in: 1...6, using: &generator), sub())
      case 5: return .distinctUntilChanged(sub())
      case 6: return .throwingMap(sub())
      case 7: return .flatMap(sub(), inner())
      case 8: return .flatMapLatest(sub(), inner())
      case 9: return .concat(sub(), sub())
      case 10: return .merge(sub(), sub())
      case 11: return .combineLatest(sub(), sub())
      case 12: return .zip(sub(), sub())
      case 13: return .withLatestFrom(sub(), sub())
      case 14: return .catchError(sub())
      case 15: return .retry(sub())
      case 16: return .share(sub())
      case 17: return .observeOnSerial(sub())
      case 18: return .observeOnConcurrent(sub())
      case 19: return .subscribeOn(sub())
      case 20: return .merge(sub(), sub())
      default: return .combineLatest(sub(), sub())
      }
    }
  }

  /// The subjects and queues one chain runs on.
  final class Context: Sendable {
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    let sharedA: Observable<Int>
    let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "stress.serial")
    let concurrentQueue = DispatchQueue(label: "stress.concurrent", attributes: .concurrent)
    let concurrent: ConcurrentDispatchQueueScheduler

    init() {
      sharedA = a.share()
      concurrent = ConcurrentDispatchQueueScheduler(queue: concurrentQueue)
    }

    /// Waits until the queues ran what was on them, a few rounds, as queued work may queue
    /// more; returns whether they did in time.
    func flush() -> Bool {
      for _ in 0..<3 {
        let serialDone = DispatchSemaphore(value: 0)
        _ = serial.schedule(()) { _ in
          serialDone.signal()
          return Disposables.create()
        }
        let concurrentDone = DispatchSemaphore(value: 0)
        concurrentQueue.async(flags: .barrier) { concurrentDone.signal() }
        guard serialDone.wait(timeout: .now() + RandomChainStressTests.patience) == .success,
          concurrentDone.wait(timeout: .now() + RandomChainStressTests.patience) == .success
        else { return false }
      }
      return true
    }
  }

  struct Thrown: Error {}

  static func build(_ chain: Chain, _ context: Context) -> Observable<Int> {
    func inner(_ kind: Inner, _ value: Int) -> Observable<Int> {
      switch kind {
      case .just: return .just(value)
      case .pair: return .of(value, value &+ 1)
      case .firstOfA: return context.a.take(1).map { $0 &+ value }
      case .firstOfB: return context.b.take(1).map { $0 &+ value }
      }
    }
    switch chain {
    case .a: return context.a.asObservable()
    case .b: return context.b.asObservable()
    case .sharedA: return context.sharedA
    case .of: return .of(1, 2, 3)
    case .map(let source): return build(source, context).map { $0 &+ 1 }
    case .filter(let source): return build(source, context).filter { $0 % 3 != 0 }
    case .scan(let source): return build(source, context).scan(0, accumulator: &+)
    case .take(let count, let source): return build(source, context).take(count)
    case .skip(let count, let source): return build(source, context).skip(count)
    case .distinctUntilChanged(let source):
      return build(source, context).map { $0 / 2 }.distinctUntilChanged()
    case .throwingMap(let source):
      return build(source, context).map { value in
        if value % 7 == 6 { throw Thrown() }
        return value
      }
    case .flatMap(let source, let kind): return build(source, context).flatMap { inner(kind, $0) }
    case .flatMapLatest(let source, let kind):
      return build(source, context).flatMapLatest { inner(kind, $0) }
    case .concat(let first, let second):
      return Observable.concat(build(first, context), build(second, context))
    case .merge(let first, let second):
      return Observable.merge(build(first, context), build(second, context))
    case .combineLatest(let first, let second):
      return Observable.combineLatest(build(first, context), build(second, context)) { $0 &+ $1 }
    case .zip(let first, let second):
      return Observable.zip(build(first, context), build(second, context)) { $0 &+ $1 }
    case .withLatestFrom(let first, let second):
      return build(first, context).withLatestFrom(build(second, context)) { $0 &+ $1 }
    case .catchError(let source): return build(source, context).catch { _ in .just(-1) }
    case .retry(let source): return build(source, context).retry(3)
    case .share(let source): return build(source, context).share()
    case .observeOnSerial(let source): return build(source, context).observe(on: context.serial)
    case .observeOnConcurrent(let source):
      return build(source, context).observe(on: context.concurrent)
    case .subscribeOn(let source): return build(source, context).subscribe(on: context.serial)
    }
  }

  /// Checks what the chain's observer receives.
  final class Observer: Sendable {
    let inFlight = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let terminals = Atomic<Int>(0)
    let afterTerminal = Atomic<Int>(0)
    let deliveries = Atomic<Int>(0)
    /// Set once the chain was disposed and its queues ran: nothing may arrive after.
    let sealed = Atomic<Bool>(false)
    let afterSealing = Atomic<Int>(0)
    let ended = DispatchSemaphore(value: 0)

    func on(_ event: Event<Int>) {
      if inFlight.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      if sealed.load(ordering: .sequentiallyConsistent) {
        afterSealing.add(1, ordering: .relaxed)
      }
      if terminals.load(ordering: .sequentiallyConsistent) > 0 {
        afterTerminal.add(1, ordering: .relaxed)
      }
      deliveries.add(1, ordering: .relaxed)
      inFlight.subtract(1, ordering: .sequentiallyConsistent)
      if event.isStopEvent, terminals.add(1, ordering: .sequentiallyConsistent).newValue == 1 {
        ended.signal()
      }
    }
  }

  /// Runs `body` on a thread of its own; the semaphore is signalled when it returned.
  static func detach(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    return done
  }

  /// Runs one chain; returns what went wrong (nothing when all is well), and whether a thread
  /// is stuck, so that the run must stop.
  static func run(seed: UInt64) -> (problems: [String], stuck: Bool, deliveries: Int) {
    var generator = SeededGenerator(state: seed)
    let chain = Chain.random(depth: 4, using: &generator)
    return run(chain, &generator)
  }

  /// How long a chain's step may take before it counts as stuck. A deadlock waits for ever,
  /// so the bound only has to be long enough for a busy machine: under a sanitizer, with the
  /// rest of the suite running beside it on two cores, a queue has waited over 5 seconds for
  /// a thread.
  static let patience: DispatchTimeInterval = .seconds(20)

  /// Runs `chain`, with the feeding and the disposal drawn from `generator`.
  static func run(_ chain: Chain, _ generator: inout SeededGenerator) -> (
    problems: [String], stuck: Bool, deliveries: Int
  ) {
    let disposesEarly = Bool.random(using: &generator)
    let countA = Int.random(in: 5...40, using: &generator)
    let countB = Int.random(in: 5...40, using: &generator)
    let spins = Int.random(in: 0..<3_000, using: &generator)
    let context = Context()
    let observer = Observer()
    let observable = build(chain, context)
    var problems: [String] = []
    let subscription = observable.subscribe(observer.on)
    let start = DispatchSemaphore(value: 0)
    let feederA = detach {
      start.wait()
      for value in 0..<countA { context.a.onNext(value) }
      if !disposesEarly { context.a.onCompleted() }
    }
    let feederB = detach {
      start.wait()
      for value in 0..<countB { context.b.onNext(value &* 3) }
      if !disposesEarly { context.b.onCompleted() }
    }
    start.signal()
    start.signal()
    if disposesEarly {
      var spun = 0
      for _ in 0..<spins { spun &+= observer.deliveries.load(ordering: .relaxed) }
      withExtendedLifetime(spun) {}
      let disposer = detach { subscription.dispose() }
      guard disposer.wait(timeout: .now() + Self.patience) == .success else {
        return (["dispose() did not return (deadlock)"], true, 0)
      }
    }
    guard feederA.wait(timeout: .now() + Self.patience) == .success,
      feederB.wait(timeout: .now() + Self.patience) == .success
    else { return (["a thread feeding the subjects is stuck (deadlock)"], true, 0) }
    if disposesEarly {
      guard context.flush() else { return (["the chain's queues are stuck"], true, 0) }
      observer.sealed.store(true, ordering: .sequentiallyConsistent)
      let senders = detach {
        context.a.onNext(1_000)
        context.b.onNext(1_000)
      }
      guard senders.wait(timeout: .now() + Self.patience) == .success, context.flush() else {
        return (["sending after dispose() is stuck (deadlock)"], true, 0)
      }
      let late = observer.afterSealing.load(ordering: .relaxed)
      if late > 0 { problems.append("\(late) deliveries after dispose() returned") }
    } else {
      guard observer.ended.wait(timeout: .now() + Self.patience) == .success else {
        return (["the chain never finished (deadlock or lost terminal event)"], true, 0)
      }
      let disposer = detach { subscription.dispose() }
      guard disposer.wait(timeout: .now() + Self.patience) == .success, context.flush() else {
        return (["dispose() after the end did not return (deadlock)"], true, 0)
      }
    }
    // Everything was disposed and the queues ran: no subscription to a subject may be left,
    // or the subject would keep the chain (which refers to the subject) alive for ever.
    if context.a.hasObservers || context.b.hasObservers {
      problems.append("a subject still has an observer after the chain was disposed (a leak)")
    }
    let overlaps = observer.overlaps.load(ordering: .relaxed)
    if overlaps > 0 { problems.append("\(overlaps) overlapping deliveries") }
    let afterTerminal = observer.afterTerminal.load(ordering: .relaxed)
    if afterTerminal > 0 { problems.append("\(afterTerminal) deliveries after the terminal event") }
    return (problems, false, observer.deliveries.load(ordering: .relaxed))
  }

  @Test func randomChainsFinishAndKeepTheGrammar() {
    let environment = ProcessInfo.processInfo.environment
    let requested = environment["STRESS_CHAINS"].flatMap { Int($0) }
    let count = requested ?? 300
    // The default run stops early on a slow machine so that it costs at most a few seconds.
    let budget: Double = requested == nil ? 1.5 : .infinity
    let baseSeed =
      environment["STRESS_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...(1 << 48))
    let started = Date()
    var failures = 0
    var ran = 0
    var deliveries = 0
    for index in 0..<count {
      if Date().timeIntervalSince(started) > budget { break }
      let seed = baseSeed &+ UInt64(index)
      let (problems, stuck, delivered) = Self.run(seed: seed)
      ran += 1
      deliveries += delivered
      if !problems.isEmpty {
        var generator = SeededGenerator(state: seed)
        let chain = Chain.random(depth: 4, using: &generator)
        Issue.record(
          "chain \(chain), seed \(seed) (STRESS_SEED=\(seed) STRESS_CHAINS=1): \(problems.joined(separator: "; "))"
        )
        failures += 1
      }
      if stuck || failures >= 5 { break }
    }
    // The chains must do something: most deliver elements before they end.
    #expect(deliveries > ran, "\(ran) chains delivered \(deliveries) events in all")
    if requested != nil {
      print("\(ran) random chains from seed \(baseSeed): \(deliveries) events delivered")
    }
  }

  /// Chains in which these races once deadlocked, each run many times.
  @Test(arguments: [
    Chain.combineLatest(.flatMap(.b, .firstOfA), .retry(.throwingMap(.a))),
    Chain.merge(.skip(4, .map(.b)), .zip(.observeOnConcurrent(.b), .map(.a))),
    Chain.withLatestFrom(.sharedA, .combineLatest(.of, .b)),
    Chain.withLatestFrom(.a, .combineLatest(.b, .map(.b))),
  ])
  func chainsThatOnceDeadlockedFinish(_ chain: Chain) {
    var generator = SeededGenerator(state: UInt64.random(in: 0...(1 << 48)))
    for _ in 0..<50 {
      let (problems, stuck, _) = Self.run(chain, &generator)
      if !problems.isEmpty {
        Issue.record("chain \(chain): \(problems.joined(separator: "; "))")
        return
      }
      if stuck { return }
    }
  }
}
