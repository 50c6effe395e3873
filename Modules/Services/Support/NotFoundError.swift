/// An error that can say the record asked for does not exist: it was deleted, or never was.
///
/// Each backend's error type conforms, so a view model tells "gone" apart from other failures
/// with ``isNotFound(_:)`` without knowing which backend answered.
public protocol NotFoundReporting: Error {
  /// Whether this error says that the record asked for does not exist.
  var isNotFound: Bool { get }
}

extension ServiceError: NotFoundReporting {
  /// Whether this is ``notFound(id:)``.
  public var isNotFound: Bool {
    if case .notFound = self { return true }
    return false
  }
}

/// Whether `error` says that the record asked for does not exist, whichever backend made it.
public func isNotFound(_ error: any Error) -> Bool {
  (error as? any NotFoundReporting)?.isNotFound ?? false
}
