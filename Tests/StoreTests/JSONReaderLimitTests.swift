import ReactiveTesting
import Store
import Testing

@Suite struct JSONReaderLimitTests {
  private func nested(_ depth: Int) -> [UInt8] {
    Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    var reader = JSONReader(nested(JSONReader.maximumDepth))
    try reader.skipValue()
    try reader.end()
    var tree = JSONReader(nested(JSONReader.maximumDepth))
    _ = try JSONValue.read(from: &tree)
  }

  @Test(arguments: [JSONReader.maximumDepth + 1, 10_000, 1_000_000])
  func deeperNestingFailsWithoutCrashing(depth: Int) {
    var reader = JSONReader(nested(depth))
    do {
      try reader.skipValue()
      Issue.record("a document nested \(depth) deep was accepted")
    } catch let failure as JSONReader.Failure {
      expectEqual(failure.message, "objects and arrays nested more than 512 deep")
      #expect(failure.line == 1 && failure.column == 513)
    } catch {
      Issue.record("unexpected \(error)")
    }
    var tree = JSONReader(nested(depth))
    #expect(throws: JSONReader.Failure.self) { try JSONValue.read(from: &tree) }
  }

  @Test func nestedObjectsCountToo() {
    let text = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
    var reader = JSONReader(Array(text.utf8))
    #expect(throws: JSONReader.Failure.self) { try reader.skipValue() }
  }

  @Test func aRangeIsReadAlone() throws {
    let bytes = Array("xx{\"a\": [1, 2]}yy".utf8)
    var reader = JSONReader(bytes, range: 2..<15)
    let value = try JSONValue.read(from: &reader)
    try reader.end()
    expectEqual(value, .object([JSONValue.Field("a", .array([.number("1"), .number("2")]))]))
    var writer = JSONWriter(capacity: 16)
    value.write(to: &writer)
    expectEqual(String(decoding: writer.bytes, as: UTF8.self), "{\"a\": [1, 2]}")
  }
}
