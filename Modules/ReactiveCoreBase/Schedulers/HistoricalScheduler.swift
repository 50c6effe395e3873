import Foundation

/// A virtual-time scheduler whose clock is a `Date`: for replaying recorded real-world times.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>,
  @unchecked Sendable
{
  // See `VirtualTimeScheduler` for how its state is guarded.
  /// Creates a scheduler whose clock starts at `initialClock`.
  public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}

/// Virtual time as `Date`s and intervals as seconds: the converter of `HistoricalScheduler`.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
  /// A point in virtual time.
  public typealias VirtualTimeUnit = RxTime
  /// A span of virtual time, in seconds.
  public typealias VirtualTimeIntervalUnit = TimeInterval

  /// Creates the converter.
  public init() {}

  /// Returns `virtualTime`.
  @inlinable public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
    virtualTime
  }

  /// Returns `time`.
  @inlinable public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit { time }

  /// Returns `virtualTimeInterval`.
  @inlinable public func convertFromVirtualTimeInterval(
    _ virtualTimeInterval: VirtualTimeIntervalUnit
  ) -> TimeInterval { virtualTimeInterval }

  /// Returns `timeInterval`.
  @inlinable public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval)
    -> VirtualTimeIntervalUnit
  { timeInterval }

  /// `time` moved by `offset` seconds.
  @inlinable public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit)
    -> VirtualTimeUnit
  { time.addingTimeInterval(offset) }

  /// How two dates are ordered.
  @inlinable public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit)
    -> VirtualTimeComparison
  {
    lhs < rhs ? .lessThan : (lhs > rhs ? .greaterThan : .equal)
  }
}
