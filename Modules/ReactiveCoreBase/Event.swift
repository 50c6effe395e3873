/// One notification of a sequence: an element, a failure, or the normal end.
///
/// A sequence delivers `next* (error | completed)?`: any number of elements, then at most one
/// terminal event, after which nothing else arrives.
@frozen
public enum Event<Element> {
  /// An element of the sequence.
  case next(Element)
  /// The sequence failed; this is its last event.
  case error(Swift.Error)
  /// The sequence ended normally; this is its last event.
  case completed

  /// The element of a `.next` event, else `nil`.
  @inlinable public var element: Element? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The error of an `.error` event, else `nil`.
  @inlinable public var error: Swift.Error? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Whether this is `.error` or `.completed`.
  @inlinable public var isStopEvent: Bool {
    if case .next = self { return false }
    return true
  }

  /// Whether this is `.completed`.
  @inlinable public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Transforms the element of a `.next` event; a thrown error becomes an `.error` event.
  @inlinable public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let value):
      do { return .next(try transform(value)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomDebugStringConvertible {
  /// A readable form: `next(1)`, `error(timeout)`, `completed`.
  public var debugDescription: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

extension Event: @unchecked Sendable where Element: Sendable {}
