import ReactiveTesting
import Testing

/// `expectEqual`, the function the tests compare with in place of `#expect(a == b)`.
@Suite struct ExpectEqualTests {
  @Test func equalValuesRecordNothing() {
    expectEqual([1, 2], [1, 2])
    expectEqual("a", "a", "with a comment")
    expectEqual(Int?.none, nil)
  }

  @Test func unequalValuesRecordAnIssueThatShowsBothAndTheComment() {
    withKnownIssue {
      expectEqual(["a", "b"], ["a"])
    } matching: { issue in
      issue.comments.map(\.rawValue) == [#"Expected ["a", "b"] to equal ["a"]"#]
    }
    withKnownIssue {
      expectEqual(Int?.some(3), 4, "the count")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["the count\nExpected Optional(3) to equal Optional(4)"]
    }
  }
}
