extension ObservableType where Element: FixedWidthInteger {
  /// Emits `0` after `dueTime` and completes; with a `period`, emits `0` after `dueTime` and then
  /// `1`, `2`, … every `period`, without completing.
  @inlinable
  public static func timer(
    _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
  ) -> Observable<Element> {
    Producer((dueTime, period, scheduler)) { payload, sink, _ in
      let (dueTime, period, scheduler) = payload
      if let period {
        return scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) {
          count in
          sink(.next(count))
          return count &+ 1
        }
      }
      return scheduler.scheduleRelative((), dueTime: dueTime) { _ in
        sink(.next(0))
        sink(.completed)
        return Disposables.create()
      }
    }
  }

  /// Emits `0`, `1`, `2`, … every `period`, starting one `period` after subscription.
  @inlinable
  public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType)
    -> Observable<Element>
  {
    timer(period, period: period, scheduler: scheduler)
  }
}
