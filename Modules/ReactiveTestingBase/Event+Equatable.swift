import ReactiveCoreBase

/// Events compare as RxTest compares them: elements with `==`, `.completed` with `.completed`,
/// and errors by their dynamic type and their description (`String(describing:)`), so
/// `.error(LoginError.wrongPassword)` equals itself even though `Error` is not `Equatable`.
extension Event: Equatable where Element: Equatable {
  /// Whether two events are the same.
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let left), .next(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}

/// Whether two errors are of the same type and describe themselves alike.
func errorsMatch(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
  ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs))
    && String(describing: lhs) == String(describing: rhs)
}

/// A `Maybe`'s outcomes compare as events do: the elements with `==`, errors by type and
/// description.
extension MaybeEvent: Equatable where Element: Equatable {
  /// Whether two outcomes are the same.
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}

/// A `Completable`'s outcomes compare as events do: errors by type and description.
extension CompletableEvent: Equatable {
  /// Whether two outcomes are the same.
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}

/// Whether two outcomes of a `Single` are the same: the elements with `==`, errors by type and
/// description. (`Result` with an `Error` failure cannot be `Equatable`.)
func singleEventsMatch<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>)
  -> Bool
{
  switch (lhs, rhs) {
  case (.success(let left), .success(let right)): return left == right
  case (.failure(let left), .failure(let right)): return errorsMatch(left, right)
  default: return false
  }
}
