// Time operators of `Driver` and `Signal`: each forwards to the `Observable` operator of the
// same name on the sharing scheduler (`SharingStrategy.scheduler`, read when the operator is
// applied: inside `SharingScheduler.mock`, the mocked scheduler).

extension SharedSequenceConvertibleType {
  /// Emits an element once `dueTime` passes without a newer one.
  public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.debounce(dueTime, scheduler: SharingStrategy.scheduler),
      deliversOnMain: shared.deliversOnMain)
  }

  /// Emits the first element of each `dueTime` window (and, if `latest`, the window's last
  /// element when it closes).
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true)
    -> SharedSequence<SharingStrategy, Element>
  {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler),
      deliversOnMain: shared.deliversOnMain)
  }

  /// Delivers each event `dueTime` later.
  public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    let shared = asSharedSequence()
    return SharedSequence(
      shared.source.delay(dueTime, scheduler: SharingStrategy.scheduler),
      deliversOnMain: shared.deliversOnMain)
  }
}

extension SharedSequence where Element: RxAbstractInteger {
  /// `0, 1, 2, …`, one each `period`, on the sharing scheduler.
  public static func interval(_ period: RxTimeInterval) -> SharedSequence {
    let scheduler = SharingStrategy.scheduler
    return SharedSequence(
      Observable.interval(period, scheduler: scheduler), deliversOnMain: isMainScheduler(scheduler))
  }

  /// `0` after `dueTime`, then `1, 2, …` each `period`, on the sharing scheduler.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence {
    let scheduler = SharingStrategy.scheduler
    return SharedSequence(
      Observable.timer(dueTime, period: period, scheduler: scheduler),
      deliversOnMain: isMainScheduler(scheduler))
  }
}
