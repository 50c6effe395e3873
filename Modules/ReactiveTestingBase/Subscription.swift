/// When a test observable was subscribed to and when that subscription was disposed.
///
/// An `unsubscribe` of `Int.max` means the subscription was never disposed.
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
  /// The tick of the subscription.
  public let subscribe: TestTime
  /// The tick of the disposal, or `Int.max` while it is still subscribed.
  public let unsubscribe: TestTime

  /// A subscription made at `subscribe` and never disposed.
  public init(_ subscribe: TestTime) {
    self.init(subscribe, .max)
  }

  /// A subscription made at `subscribe` and disposed at `unsubscribe`.
  public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// `(200 : 1000)`, or `(100 : Infinity)` when never disposed.
  public var debugDescription: String {
    let end = unsubscribe == .max ? "Infinity" : String(unsubscribe)
    return "(\(subscribe) : \(end))"
  }
}
