import Dispatch
import Foundation
import ReactiveCoreBase

extension ObservableConvertibleType {
  /// A blocking view of the sequence, for tests that only care about what it produced.
  ///
  /// Each method subscribes and blocks the calling thread until the sequence ends, or until
  /// `timeout` seconds have passed, when it throws `RxError.timeout`. Without a timeout it waits
  /// forever: always pass one for sequences that might not end. Called on the main thread, it
  /// keeps the main run loop turning while it waits, so sources that deliver on
  /// `MainScheduler` still complete. (Off the main thread but on the main queue, as in a Swift
  /// Testing `@MainActor` test, the main queue cannot run while the caller blocks it: use an
  /// `async` test there.)
  public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
    BlockingObservable(source: asObservable(), timeout: timeout)
  }
}

/// How a sequence ended, with the elements it produced.
public enum MaterializedSequenceResult<T> {
  /// The sequence completed after these elements.
  case completed(elements: [T])
  /// The sequence failed with `error` after these elements.
  case failed(elements: [T], error: Swift.Error)
}

/// The blocking operations on a sequence; see `toBlocking(timeout:)`.
public struct BlockingObservable<Element> {
  let source: Observable<Element>
  let timeout: TimeInterval?

  /// All the elements; throws the sequence's error, or `RxError.timeout`.
  public func toArray() throws -> [Element] {
    let outcome = run(stopAfter: nil)
    if let error = outcome.error { throw error }
    return outcome.elements
  }

  /// The first element, or `nil` when the sequence completes without one; stops listening after
  /// the first element.
  public func first() throws -> Element? {
    let outcome = run(stopAfter: 1)
    if let error = outcome.error { throw error }
    return outcome.elements.first
  }

  /// The last element, or `nil` when the sequence completes without one.
  public func last() throws -> Element? {
    try toArray().last
  }

  /// The only element; throws `RxError.noElements` for none and `RxError.moreThanOneElement`
  /// (as soon as a second arrives) for more.
  public func single() throws -> Element {
    try single { _ in true }
  }

  /// The only element that satisfies `predicate`; throws `RxError.noElements` for none and
  /// `RxError.moreThanOneElement` for more.
  public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
    let outcome = run(stopAfter: 2, where: predicate)
    if let error = outcome.error { throw error }
    switch outcome.elements.count {
    case 0: throw RxError.noElements
    case 1: return outcome.elements[0]
    default: throw RxError.moreThanOneElement
    }
  }

  /// The elements and how the sequence ended, without throwing; a timeout is reported as
  /// `.failed` with `RxError.timeout`.
  public func materialize() -> MaterializedSequenceResult<Element> {
    let outcome = run(stopAfter: nil)
    if let error = outcome.error {
      return .failed(elements: outcome.elements, error: error)
    }
    return .completed(elements: outcome.elements)
  }

  /// Subscribes, waits for the end (or for `stopAfter` matching elements, or the timeout), and
  /// returns what arrived.
  private func run(
    stopAfter limit: Int?, where predicate: ((Element) throws -> Bool)? = nil
  ) -> (elements: [Element], error: Swift.Error?) {
    let collector = BlockingCollector<Element>(limit: limit, predicate: predicate)
    let subscription = source.subscribe { collector.on($0) }
    collector.subscription = subscription
    let finished = collector.wait(timeout: timeout)
    subscription.dispose()
    return collector.result(timedOut: !finished)
  }
}

/// Collects the events of one blocking subscription and wakes the waiting thread at the end.
final class BlockingCollector<Element>: @unchecked Sendable {
  // The mutable state is guarded by `lock`; `semaphore` is thread-safe.
  private let lock = NSLock()
  private let semaphore = DispatchSemaphore(value: 0)
  private let limit: Int?
  private let predicate: ((Element) throws -> Bool)?
  private var elements: [Element] = []
  private var error: Swift.Error?
  private var done = false
  var subscription: Disposable?

  init(limit: Int?, predicate: ((Element) throws -> Bool)?) {
    self.limit = limit
    self.predicate = predicate
  }

  func on(_ event: Event<Element>) {
    lock.lock()
    guard !done else {
      lock.unlock()
      return
    }
    switch event {
    case .next(let element):
      do {
        if try predicate?(element) ?? true { elements.append(element) }
      } catch {
        self.error = error
        done = true
      }
      if let limit, elements.count >= limit { done = true }
    case .error(let error):
      self.error = error
      done = true
    case .completed:
      done = true
    }
    let finished = done
    lock.unlock()
    if finished { wake() }
  }

  private func wake() {
    semaphore.signal()
    // Wakes the main run loop if the waiting thread is turning it.
    DispatchQueue.main.async {}
  }

  private var isDone: Bool { lock.withLock { done } }

  /// Waits for the end; returns false when the timeout passed first.
  func wait(timeout: TimeInterval?) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    if Thread.isMainThread {
      while !isDone {
        let now = Date()
        if let deadline, now >= deadline { return false }
        let slice = now.addingTimeInterval(0.01)
        _ = RunLoop.current.run(mode: .default, before: deadline.map { min($0, slice) } ?? slice)
      }
      return true
    }
    if let deadline {
      let seconds = max(deadline.timeIntervalSinceNow, 0)
      if semaphore.wait(timeout: .now() + seconds) == .timedOut { return isDone }
    } else {
      semaphore.wait()
    }
    return true
  }

  func result(timedOut: Bool) -> (elements: [Element], error: Swift.Error?) {
    lock.withLock {
      if timedOut && !done { return (elements, RxError.timeout) }
      return (elements, error)
    }
  }
}
