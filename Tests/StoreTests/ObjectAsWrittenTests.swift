import ReactiveTesting
import Store
import Testing

/// `JSONReader.object(asWritten:otherwise:)` and `skip(exactly:)`: the fast way to read an
/// object written in one exact form, and the fall-back to reading any form.
@Suite struct ObjectAsWrittenTests {
  fileprivate struct Pair: Equatable, Sendable {
    var a: Int
    var b: String
  }

  private static let names = JSONReader.FieldNames(["a", "b"])

  /// `{"a": 1, "b": "x"}` exactly.
  private static func readAsWritten(_ reader: inout JSONReader) -> Pair? {
    guard reader.skip(exactly: "\"a\": "), let a = try? reader.int(),
      reader.skip(exactly: ", \"b\": "), let b = try? reader.string()
    else { return nil }
    return Pair(a: a, b: b)
  }

  /// Any form, with both fields required.
  private static func readAnyForm(_ reader: inout JSONReader) throws -> Pair {
    var a: Int?
    var b: String?
    try reader.object(names) { reader, index in
      switch index {
      case 0: a = try reader.int()
      case 1: b = try reader.string()
      default: try reader.skipValue()
      }
    }
    guard let a, let b else { throw reader.failure("missing a field") }
    return Pair(a: a, b: b)
  }

  /// The pairs of the array `text`, and how many of them were read again in any form.
  private func readPairs(_ text: String) throws -> (pairs: [Pair], again: Int) {
    var reader = JSONReader(Array(text.utf8))
    var pairs: [Pair] = []
    var again = 0
    try reader.array { reader in
      pairs.append(
        try reader.object(
          asWritten: Self.readAsWritten,
          otherwise: { reader in
            again += 1
            return try Self.readAnyForm(&reader)
          }))
    }
    try reader.end()
    return (pairs, again)
  }

  @Test func theFormAsWrittenIsReadTheFastWay() throws {
    let read = try readPairs(#"[{"a": 1, "b": "x"}, {"a": -20, "b": "y\n\u00e9"} ]"#)
    expectEqual(read.pairs, [Pair(a: 1, b: "x"), Pair(a: -20, b: "y\né")])
    expectEqual(read.again, 0)
  }

  @Test(arguments: [
    (#"[{"b": "x", "a": 1}]"#, Pair(a: 1, b: "x")),
    (#"[{"a": 1,"b": "x"}]"#, Pair(a: 1, b: "x")),
    (#"[{ "a": 1, "b": "x"}]"#, Pair(a: 1, b: "x")),
    (#"[{"a": 1, "b": "x" }]"#, Pair(a: 1, b: "x")),
    (#"[{"a": 1, "b": "x", "c": [2]}]"#, Pair(a: 1, b: "x")),
    (#"[{"a": 1, "a": 2, "b": "x"}]"#, Pair(a: 2, b: "x")),
    (#"[{"a": 1, "b": "x", "b": "y"}]"#, Pair(a: 1, b: "y")),
    (#"[{"\u0061": 1, "b": "x"}]"#, Pair(a: 1, b: "x")),
  ])
  fileprivate func anotherFormIsReadAgainInAnyForm(text: String, expected: Pair) throws {
    let read = try readPairs(text)
    expectEqual(read.pairs, [expected], "\(text)")
    expectEqual(read.again, 1, "\(text)")
  }

  @Test(arguments: [
    (#"[{"a": 1}]"#, "missing a field"),
    (#"[{"a": 1.5, "b": "x"}]"#, "expected a whole number"),
    (#"[{"a": 1, "b": 2}]"#, "expected a string"),
    (#"[{"a": 1, "b": "x""#, "the text ends too early"),
    (#"[{"a": 1, "b": "x"]"#, "expected ',' or '}' in an object"),
    ("[{\"a\": 1, \"b\": \"x\ty\"}]", "control character in a string"),
  ])
  func anythingWrongFailsAsReadingAnyFormSays(text: String, message: String) {
    do {
      let read = try readPairs(text)
      Issue.record("read \(read.pairs) from \(text)")
    } catch let failure as JSONReader.Failure {
      expectEqual(failure.message, message, "\(text)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// Failures met the fast way are dropped, so they are not located (which would take
  /// counting the lines before them, for each element of a list); reading in any form
  /// locates its failures.
  @Test func onlyFailuresReadingInAnyFormAreLocated() {
    var reader = JSONReader(Array("\n\n  {\"a\": \"x\", \"b\": \"y\"}".utf8))
    var fastFailure: JSONReader.Failure?
    do {
      let pair = try reader.object(
        asWritten: { reader in
          guard reader.skip(exactly: "\"a\": ") else { return nil }
          do {
            return Pair(a: try reader.int(), b: "")
          } catch {
            fastFailure = error as? JSONReader.Failure
            return nil
          }
        }, otherwise: Self.readAnyForm)
      Issue.record("read \(pair)")
    } catch let failure as JSONReader.Failure {
      expectEqual(failure.message, "expected a whole number")
      #expect(failure.line == 3 && failure.column == 9)
    } catch {
      Issue.record("unexpected \(error)")
    }
    expectEqual(fastFailure?.message, "expected a whole number")
    expectEqual(fastFailure?.line, 0)
  }

  @Test func theFastWayCountsTowardsTheNestingLimit() throws {
    /// An object inside `depth` arrays.
    func read(_ depth: Int) throws -> (Pair, fast: Bool) {
      let text =
        String(repeating: "[", count: depth) + #"{"a": 1, "b": "x"}"#
        + String(repeating: "]", count: depth)
      var reader = JSONReader(Array(text.utf8))
      var found: (Pair, fast: Bool)?
      func nest(_ reader: inout JSONReader, _ level: Int) throws {
        try reader.array { reader in
          if level < depth {
            try nest(&reader, level + 1)
          } else {
            var fast = false
            let pair = try reader.object(
              asWritten: { reader in
                fast = true
                return Self.readAsWritten(&reader)
              }, otherwise: Self.readAnyForm)
            found = (pair, fast)
          }
        }
      }
      try nest(&reader, 1)
      try reader.end()
      return try #require(found)
    }
    let deepest = try read(JSONReader.maximumDepth - 1)
    #expect(deepest.0 == Pair(a: 1, b: "x") && deepest.fast)
    #expect {
      _ = try read(JSONReader.maximumDepth)
    } throws: { error in
      (error as? JSONReader.Failure)?.message
        == "objects and arrays nested more than \(JSONReader.maximumDepth) deep"
    }
  }

  /// `literal` skipped from the start of `text` (the literal's bytes followed by others) and
  /// from `text` with each one of the literal's bytes changed, and from a text too short.
  private func checkSkip(_ literal: StaticString, _ text: String) {
    let expected = Array(text.utf8)
    let count = literal.utf8CodeUnitCount
    var reader = JSONReader(expected + Array("!rest".utf8))
    #expect(reader.skip(exactly: literal) && reader.position == count, "\(text)")
    #expect(!reader.skip(exactly: literal) || count == 0, "\(text)")
    for index in 0..<count {
      var changed = expected
      changed[index] ^= 0x20
      var reader = JSONReader(changed + Array("!rest".utf8))
      #expect(!reader.skip(exactly: literal) && reader.position == 0, "\(text) at \(index)")
    }
    if count > 0 {
      var short = JSONReader(Array(expected.dropLast()))
      #expect(!short.skip(exactly: literal) && short.position == 0, "\(text) cut short")
    }
  }

  @Test func skippingExactTextComparesEveryByte() {
    checkSkip("", "")
    checkSkip("a", "a")
    checkSkip("ab", "ab")
    checkSkip("abc", "abc")
    checkSkip("abcd", "abcd")
    checkSkip("abcde", "abcde")
    checkSkip("abcdefg", "abcdefg")
    checkSkip("abcdefgh", "abcdefgh")
    checkSkip("abcdefghi", "abcdefghi")
    checkSkip("abcdefghijklmno", "abcdefghijklmno")
    checkSkip("abcdefghijklmnop", "abcdefghijklmnop")
    checkSkip("abcdefghijklmnopq", "abcdefghijklmnopq")
    checkSkip(", \"authorName\": ", ", \"authorName\": ")
  }

  @Test func skippingExactTextDoesNotSkipWhiteSpace() {
    var reader = JSONReader(Array(" a".utf8))
    #expect(!reader.skip(exactly: "a") && reader.position == 0)
  }
}
