import Foundation
import ReactiveCore

/// Counts the operations running through it, so a screen can show a spinner while any runs.
///
/// `track` wraps a request; the count goes up when the request is subscribed and down when it
/// ends for any reason (success, failure or disposal), so it cannot leak. Requests may start
/// and end on any thread (a network answer ends its request on the thread that delivered
/// it): each change of the count is made and announced under a lock, so none is lost and
/// they are announced in order. `isActive` is a `Driver`, so it delivers on the main thread.
public final class ActivityTracker: @unchecked Sendable {
  // `running` is only changed with `lock` held; the relay itself is thread-safe. The lock is
  // recursive so that an observer of `isActive` may start a tracked request synchronously.
  private let lock = NSRecursiveLock()
  private let running = BehaviorRelay(value: 0)

  /// Creates a tracker with nothing running.
  public init() {}

  /// `true` while at least one tracked operation runs; starts with the current state.
  public var isActive: Driver<Bool> {
    running.asDriver().map { $0 > 0 }.distinctUntilChanged()
  }

  /// `request`, counted while it runs.
  public func track<Element>(_ request: Single<Element>) -> Single<Element> {
    request.do(onSubscribe: { [self] in change(by: 1) }, onDispose: { [self] in change(by: -1) })
  }

  /// `request`, counted while it runs.
  public func track(_ request: Completable) -> Completable {
    request.do(onSubscribe: { [self] in change(by: 1) }, onDispose: { [self] in change(by: -1) })
  }

  /// `source`, counted while it runs.
  public func track<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.do(onSubscribe: { [self] in change(by: 1) }, onDispose: { [self] in change(by: -1) })
  }

  private func change(by delta: Int) {
    lock.lock()
    defer { lock.unlock() }
    running.accept(running.value + delta)
  }
}
