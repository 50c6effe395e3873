/// Errors the library itself produces.
public enum RxError: Swift.Error, CustomDebugStringConvertible, Sendable {
  /// An unknown error.
  case unknown
  /// An operation on a disposed object, such as subscribing to a disposed subject.
  case disposed(object: AnyObject & Sendable)
  /// An arithmetic overflow.
  case overflow
  /// An argument was out of range (for example `element(at:)` past the end).
  case argumentOutOfRange
  /// A sequence that had to have an element had none (`single`, `asSingle`).
  case noElements
  /// A sequence that had to have exactly one element had more.
  case moreThanOneElement
  /// A time limit passed (`timeout`, blocking with a timeout).
  case timeout

  /// A readable description of the error.
  public var debugDescription: String {
    switch self {
    case .unknown: return "Unknown error occurred."
    case .disposed(let object): return "Object `\(object)` was already disposed."
    case .overflow: return "Arithmetic overflow occurred."
    case .argumentOutOfRange: return "Argument out of range."
    case .noElements: return "Sequence doesn't contain any elements."
    case .moreThanOneElement: return "Sequence contains more than one element."
    case .timeout: return "Sequence timeout."
    }
  }
}
