import ReactiveTesting
import Testing

@testable import FriendsTUI

/// What the terminal UI prints, after the terminal is given back, of errors no one handled.
@Suite struct UnhandledErrorsTests {
  struct Broken: Error, CustomStringConvertible {
    var description: String { "the feed broke" }
  }

  @Test func errorsAreKeptInRxSwiftsLinesAndPrintedOnce() {
    let errors = UnhandledErrors()
    errors.record(Broken(), subscriptionCallStack: [])
    errors.record(Broken(), subscriptionCallStack: ["0 main", "1 start"])
    expectEqual(
      errors.take(),
      [
        "Unhandled error happened: the feed broke",
        "Unhandled error happened: the feed broke",
        "subscription called from:", "0 main", "1 start",
      ])
    expectEqual(errors.take(), [])
  }
}
