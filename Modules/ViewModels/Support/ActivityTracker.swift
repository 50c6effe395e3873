import ReactiveCore

/// Counts the operations running through it, so a screen can show a spinner while any runs.
///
/// `track` wraps a request; the count goes up when the request is subscribed and down when it
/// ends for any reason (success, failure or disposal), so it cannot leak. View models use it
/// from the main thread, where their Drivers deliver.
public final class ActivityTracker: @unchecked Sendable {  // the relay is thread-safe
  private let running = BehaviorRelay(value: 0)

  /// Creates a tracker with nothing running.
  public init() {}

  /// `true` while at least one tracked operation runs; starts with the current state.
  public var isActive: Driver<Bool> {
    running.asDriver().map { $0 > 0 }.distinctUntilChanged()
  }

  /// `request`, counted while it runs.
  public func track<Element>(_ request: Single<Element>) -> Single<Element> {
    request.do(
      onSubscribe: { [running] in running.accept(running.value + 1) },
      onDispose: { [running] in running.accept(running.value - 1) })
  }

  /// `request`, counted while it runs.
  public func track(_ request: Completable) -> Completable {
    request.do(
      onSubscribe: { [running] in running.accept(running.value + 1) },
      onDispose: { [running] in running.accept(running.value - 1) })
  }

  /// `source`, counted while it runs.
  public func track<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.do(
      onSubscribe: { [running] in running.accept(running.value + 1) },
      onDispose: { [running] in running.accept(running.value - 1) })
  }
}
