import Foundation

/// Converts between a virtual-time scheduler's own units of time and real dates and intervals.
public protocol VirtualTimeConverterType {
  /// A point in virtual time.
  associatedtype VirtualTimeUnit
  /// A span of virtual time.
  associatedtype VirtualTimeIntervalUnit

  /// The date that a virtual time stands for.
  func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
  /// The virtual time that stands for a date.
  func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
  /// The seconds that a virtual interval stands for.
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit)
    -> TimeInterval
  /// The virtual interval that stands for a number of seconds.
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
  /// `time` moved by `offset`.
  func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit)
    -> VirtualTimeUnit
  /// How two virtual times are ordered.
  func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The order of two virtual times.
public enum VirtualTimeComparison: Sendable {
  /// The first time is earlier.
  case lessThan
  /// The times are the same.
  case equal
  /// The first time is later.
  case greaterThan
}

extension VirtualTimeComparison {
  @inlinable var lessThen: Bool { self == .lessThan }
  @inlinable var greaterThan: Bool { self == .greaterThan }
  @inlinable var equal: Bool { self == .equal }
}
