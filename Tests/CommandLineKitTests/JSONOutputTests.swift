import CommandLineKit
import Foundation
import ReactiveTesting
import Testing

@Suite struct JSONOutputTests {
  struct Friend: Encodable {
    let name: String
    let id: Int
    let website: String
    let note: String
  }

  let ada = Friend(name: "Ada", id: 1, website: "https://example.com/ada", note: "first\nline")
  let grace = Friend(name: "Grace", id: 2, website: "", note: "")

  @Test func lineIsCompactWithSortedKeys() throws {
    #expect(
      try JSONOutput().line(ada)
        == #"{"id":1,"name":"Ada","note":"first\nline","website":"https://example.com/ada"}"#)
  }

  @Test func linesPutOneObjectOnEachLine() throws {
    let text = try JSONOutput().lines([ada, grace])
    expectEqual(
      text,
      """
      {"id":1,"name":"Ada","note":"first\\nline","website":"https://example.com/ada"}
      {"id":2,"name":"Grace","note":"","website":""}

      """)
    expectEqual(text.split(separator: "\n").count, 2)
    #expect(try JSONOutput().lines([Friend]()) == "")
  }

  @Test func documentIsIndentedWithSortedKeys() throws {
    #expect(
      try JSONOutput().document(grace) == """
        {
          "id" : 2,
          "name" : "Grace",
          "note" : "",
          "website" : ""
        }
        """)
  }

  @Test func datesAreISO8601() throws {
    struct Stamp: Encodable { let at: Date }
    #expect(
      try JSONOutput().line(Stamp(at: Date(timeIntervalSince1970: 0)))
        == #"{"at":"1970-01-01T00:00:00Z"}"#)
  }
}

@Suite struct EmptyJSONContainerTests {
  struct Results: Encodable {
    let query: String
    let results: [Int]
    let tags: [String: String]
  }

  @Test func anEmptyListIsWrittenAsTwoBrackets() throws {
    #expect(try JSONOutput().document([Int]()) == "[]")
  }

  @Test func emptyFieldsAreCompactAndStringsKeepTheirBrackets() throws {
    let text = try JSONOutput().document(Results(query: "[ \n ]", results: [], tags: [:]))
    expectEqual(
      text,
      """
      {
        "query" : "[ \\n ]",
        "results" : [],
        "tags" : {}
      }
      """)
  }

  @Test func aStringEndingInABackslashDoesNotHideTheNextBrackets() throws {
    let text = try JSONOutput().document(["a\\": [Int](), "b": []])
    #expect(text.contains(#""a\\" : []"#))
    #expect(text.contains(#""b" : []"#))
  }
}
