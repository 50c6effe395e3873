/// The sharing of `Signal`: one subscription to the source while anyone is subscribed, and
/// no replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
  /// `SharingScheduler.make()`: the main queue, or the mocked scheduler.
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  /// Shares `source` without replay, while connected.
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(scope: .whileConnected)
  }
}

/// A sequence of events for a screen: never fails, delivers on the main queue (or the mocked
/// scheduler), shares its source, and gives new subscribers only what happens after they
/// subscribe (an error message, a navigation, a toast).
///
/// Bind it with `emit`.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Returns the sequence itself.
  @inlinable
  public func asSignal() -> Signal<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
  /// The sequence as a `Signal` that, on error, emits `onErrorJustReturn` and completes.
  ///
  /// The scheduler is read now, with `SharingScheduler.make()`: create the `Signal` inside
  /// `SharingScheduler.mock` to deliver on a test scheduler.
  public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
    let scheduler = SignalSharingStrategy.scheduler
    return Signal(
      asObservable().observe(on: scheduler).catchAndReturn(onErrorJustReturn),
      deliversOnMain: isMainScheduler(scheduler))
  }

  /// The sequence as a `Signal` that, on error, continues with `onErrorSignalWith`.
  public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
    let scheduler = SignalSharingStrategy.scheduler
    return Signal(
      asObservable().observe(on: scheduler).catch { _ in onErrorSignalWith.source },
      deliversOnMain: isMainScheduler(scheduler) || onErrorSignalWith.deliversOnMain)
  }

  /// The sequence as a `Signal` that, on error, continues with the `Signal` that
  /// `onErrorRecover` returns for the error.
  public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Element>)
    -> Signal<Element>
  {
    let scheduler = SignalSharingStrategy.scheduler
    return Signal(
      asObservable().observe(on: scheduler).catch { onErrorRecover($0).source },
      deliversOnMain: isMainScheduler(scheduler))
  }
}

extension InfallibleType {
  /// The sequence, which never fails, as a `Signal`.
  public func asSignal() -> Signal<Element> {
    infallibleSharedSequence()
  }
}

extension PublishRelay {
  /// The relay as a `Signal`: relays never fail.
  public func asSignal() -> Signal<Element> {
    asInfallible().asSignal()
  }
}

extension BehaviorRelay {
  /// The relay as a `Signal`: relays never fail. The current value is not replayed.
  public func asSignal() -> Signal<Element> {
    asInfallible().asSignal()
  }
}

extension ReplayRelay {
  /// The relay as a `Signal`: relays never fail. Subscribers that come while the `Signal` is
  /// already connected do not receive the relay's buffer.
  public func asSignal() -> Signal<Element> {
    asInfallible().asSignal()
  }
}
