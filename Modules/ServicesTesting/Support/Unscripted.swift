import Testing

/// The error a fake returns for a call that its test did not script.
public struct UnscriptedCall: Error, CustomStringConvertible, Sendable {
  /// The call, as written in code.
  public let call: String

  /// "… was called, but the test did not script it".
  public var description: String { "\(call) was called, but the test did not script it" }
}

/// Records a test failure for an unscripted call and returns the error to fail it with.
func unscripted(_ call: String) -> UnscriptedCall {
  let error = UnscriptedCall(call: call)
  Issue.record(Comment(rawValue: error.description))
  return error
}
