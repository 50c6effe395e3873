import Foundation
import ReactiveCore
import Synchronization
import Testing

/// An error with a readable name, so that recorded events compare as text.
struct TestError: Error, Equatable, CustomStringConvertible {
  let name: String
  init(_ name: String = "boom") { self.name = name }
  var description: String { name }
}

/// Records the events a subscription receives, as text (`"1"`, `"error(boom)"`,
/// `"completed"`) and as values.
final class Recorder<Element>: @unchecked Sendable {  // guarded by `lock`
  private let lock = NSLock()
  private var recorded: [Event<Element>] = []

  var events: [Event<Element>] { lock.withLock { recorded } }

  /// The events as text: elements by their description, then `error(name)` or `completed`.
  var log: [String] {
    events.map { event in
      switch event {
      case .next(let value): return "\(value)"
      case .error(let error): return "error(\(error))"
      case .completed: return "completed"
      }
    }
  }

  var elements: [Element] { events.compactMap(\.element) }

  var isTerminated: Bool { events.last?.isStopEvent ?? false }

  func on(_ event: Event<Element>) {
    lock.withLock { recorded.append(event) }
  }

  /// Subscribes to `source` and records what it sends.
  @discardableResult
  func record<Source: ObservableType>(_ source: Source) -> Disposable
  where Source.Element == Element {
    source.subscribe { [self] event in self.on(event) }
  }
}

/// Runs `body` while counting the resources it creates, then expects all of them released.
func expectNoLeaks(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows {
  let counter = ResourceCounter()
  try counter.measure(body)
  #expect(counter.live == 0, "live resources left", sourceLocation: sourceLocation)
}

/// Observes a sequence from several threads and checks the Rx grammar: never two calls at
/// once, nothing after a terminal event, at most one terminal event.
final class GrammarChecker<Element>: @unchecked Sendable {
  // Counters are atomic; `received` is guarded by `lock`.
  private let inFlight = Atomic<Int>(0)
  private let overlaps = Atomic<Int>(0)
  private let afterTerminal = Atomic<Int>(0)
  private let terminals = Atomic<Int>(0)
  private let lock = NSLock()
  private var received: [Element] = []

  func on(_ event: Event<Element>) {
    if inFlight.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
      overlaps.add(1, ordering: .relaxed)
    }
    if terminals.load(ordering: .acquiring) > 0 { afterTerminal.add(1, ordering: .relaxed) }
    switch event {
    case .next(let value): lock.withLock { received.append(value) }
    case .error, .completed: terminals.add(1, ordering: .acquiringAndReleasing)
    }
    inFlight.subtract(1, ordering: .acquiringAndReleasing)
  }

  var elements: [Element] { lock.withLock { received } }
  var terminalCount: Int { terminals.load(ordering: .acquiring) }

  /// Whether no call overlapped another and nothing followed a terminal event.
  var grammarHeld: Bool {
    overlaps.load(ordering: .acquiring) == 0 && afterTerminal.load(ordering: .acquiring) == 0
      && terminalCount <= 1
  }

  func subscribe<Source: ObservableType>(to source: Source) -> Disposable
  where Source.Element == Element {
    source.subscribe { [self] event in self.on(event) }
  }
}

/// The sum of `values`, for result selectors of every arity: with its one signature, the type
/// checker settles `{ sum($0, $1, $2) }` at once, where `{ $0 + $1 + $2 }` makes it try every
/// overload of `+` against every arity of the operator, for seconds.
func sum(_ values: Int...) -> Int { values.reduce(0, +) }
