/// The sharing of `Driver`: one subscription to the source while anyone is subscribed, and
/// the latest element replayed to each new subscriber.
public struct DriverSharingStrategy: SharingStrategyProtocol {
  /// `SharingScheduler.make()`: the main queue, or the mocked scheduler.
  public static var scheduler: SchedulerType { SharingScheduler.make() }

  /// Shares `source` with a replay of the latest element, while connected.
  public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source.share(replay: 1, scope: .whileConnected)
  }
}

/// A sequence of state for a screen: never fails, delivers on the main queue (or the mocked
/// scheduler), shares its source, and gives each new subscriber the latest element at once.
///
/// Bind it with `drive`.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Returns the sequence itself.
  @inlinable
  public func asDriver() -> Driver<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
  /// The sequence as a `Driver` that, on error, emits `onErrorJustReturn` and completes.
  ///
  /// The scheduler is read now, with `SharingScheduler.make()`: create the `Driver` inside
  /// `SharingScheduler.mock` to deliver on a test scheduler.
  public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
    let scheduler = DriverSharingStrategy.scheduler
    return Driver(
      asObservable().observe(on: scheduler).catchAndReturn(onErrorJustReturn),
      deliversOnMain: isMainScheduler(scheduler))
  }

  /// The sequence as a `Driver` that, on error, continues with `onErrorDriveWith`.
  public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
    let scheduler = DriverSharingStrategy.scheduler
    return Driver(
      asObservable().observe(on: scheduler).catch { _ in onErrorDriveWith.source },
      deliversOnMain: isMainScheduler(scheduler) || onErrorDriveWith.deliversOnMain)
  }

  /// The sequence as a `Driver` that, on error, continues with the `Driver` that
  /// `onErrorRecover` returns for the error.
  public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Element>)
    -> Driver<Element>
  {
    let scheduler = DriverSharingStrategy.scheduler
    return Driver(
      asObservable().observe(on: scheduler).catch { onErrorRecover($0).source },
      deliversOnMain: isMainScheduler(scheduler))
  }
}

extension InfallibleType {
  /// The sequence, which never fails, as a `Driver`.
  public func asDriver() -> Driver<Element> {
    infallibleSharedSequence()
  }

  /// The sequence observed on the strategy's scheduler and shared.
  func infallibleSharedSequence<Strategy>() -> SharedSequence<Strategy, Element> {
    let scheduler = Strategy.scheduler
    return SharedSequence(
      asObservable().observe(on: scheduler), deliversOnMain: isMainScheduler(scheduler))
  }
}

extension BehaviorRelay {
  /// The relay as a `Driver`: relays never fail. New subscribers receive the current value.
  public func asDriver() -> Driver<Element> {
    asInfallible().asDriver()
  }
}

extension PublishRelay {
  /// The relay as a `Driver`: relays never fail.
  public func asDriver() -> Driver<Element> {
    asInfallible().asDriver()
  }
}

extension ReplayRelay {
  /// The relay as a `Driver`: relays never fail.
  public func asDriver() -> Driver<Element> {
    asInfallible().asDriver()
  }
}
