import ReactiveCoreBase

/// A value recorded at a virtual time: an event a test observable emits or an observer received.
public struct Recorded<Value>: CustomDebugStringConvertible {
  /// The tick.
  public let time: TestTime
  /// The recorded value, usually an `Event`.
  public let value: Value

  /// Records `value` at `time`.
  @inlinable public init(time: TestTime, value: Value) {
    self.time = time
    self.value = value
  }

  /// `value @ time`, for example `next(1) @ 210`.
  public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
  /// A `.next(element)` event at `time`.
  @inlinable public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>>
  where Value == Event<T> {
    Recorded(time: time, value: .next(element))
  }

  /// A `.completed` event at `time`.
  @inlinable public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<
    Event<T>
  >
  where Value == Event<T> {
    Recorded(time: time, value: .completed)
  }

  /// An `.error(error)` event at `time`.
  @inlinable public static func error<T>(
    _ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self
  )
    -> Recorded<Event<T>> where Value == Event<T>
  {
    Recorded(time: time, value: .error(error))
  }

  /// The given recorded events as an array.
  public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }

  /// The given array of recorded events, as it is: names the element type where a literal
  /// alone would not.
  ///
  /// It takes one array, not a variadic list of arrays: a second variadic overload makes
  /// the type checker try both shapes for every argument, and a few arithmetic arguments
  /// (`.next(210, 2 * 10 + 1)`) then exhaust its time limit. Join arrays with
  /// `events(joining:)` (in `ReactiveTesting`).
  public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
  where Value == Event<T> {
    recordedEvents
  }
}
