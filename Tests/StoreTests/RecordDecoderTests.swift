import Foundation
import ReactiveTesting
import Store
import Testing

/// How ``RecordCoding`` reads values: fields found in the order they were written fastest,
/// and any other form of the same value (fields in another order, unknown or missing fields,
/// other spacing, escapes) read to the same value, by a reader of one value or of many.
@Suite struct RecordDecoderTests: WritesRecordText {
  struct Post: Codable, Hashable {
    var id: Int
    var authorId: Int
    var authorName: String
    var text: String
    var date: Date
    var tag: String?
  }

  static func post(_ id: Int, tag: String? = nil) -> Post {
    Post(
      id: id, authorId: id % 7, authorName: "Author \(id)", text: "Text of post \(id), \"quoted\"",
      date: Date(timeIntervalSince1970: Double(1_700_000_000 + id)), tag: tag)
  }

  /// `text` read by `reader`, checking that nothing follows the value.
  private func read<Value: Decodable>(
    _ type: Value.Type, _ text: String, with reader: RecordCoding.Reader
  ) throws -> Value {
    var json = JSONReader(Array(text.utf8))
    let value = try reader.read(type, from: &json)
    try json.end()
    return value
  }

  /// `text` read as one value.
  private func read<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    var json = JSONReader(Array(text.utf8))
    let value = try RecordCoding.read(type, from: &json, dates: Self.seconds)
    try json.end()
    return value
  }

  /// What reading `text` as a `Value` throws, described; `nil` when it reads.
  private func failure<Value: Decodable>(_ type: Value.Type, _ text: String) -> String? {
    do {
      _ = try read(type, text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func writesPostsInTheOrderOfTheirFields() throws {
    #expect(
      try text(Self.post(3, tag: "x"))
        == #"{"id": 3, "authorId": 3, "authorName": "Author 3", "#
        + #""text": "Text of post 3, \"quoted\"", "date": "1700000003", "tag": "x"}"#)
    #expect(try !text(Self.post(3)).contains("tag"))
  }

  @Test func aReaderOfManyReadsEveryFormOfAValueAlike() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let forms: [(String, Post)] = [
      (try text(Self.post(1)), Self.post(1)),
      (try text(Self.post(2, tag: "news")), Self.post(2, tag: "news")),
      (try text(Self.post(3)), Self.post(3)),
      // Fields in another order.
      (
        #"{"text": "t", "date": "1700000004", "id": 4, "authorName": "A", "authorId": 1}"#,
        Post(
          id: 4, authorId: 1, authorName: "A", text: "t",
          date: Date(timeIntervalSince1970: 1_700_000_004))
      ),
      // Unknown fields, of every kind, in between.
      (
        #"{"id": 5, "likes": [1, {"a": null}], "authorId": 2, "pinned": true, "#
          + #""authorName": "B", "extra": {"x": "y"}, "text": "u", "date": "1700000005", "z": 1.5}"#,
        Post(
          id: 5, authorId: 2, authorName: "B", text: "u",
          date: Date(timeIntervalSince1970: 1_700_000_005))
      ),
      // Other spacing, and escapes in the names and in the values.
      (
        "{ \"id\" :6,\n\t\"authorId\":3 , \"author\\u004eame\": \"\\u00c9mile\", "
          + "\"text\": \"line\\nbreak \\ud83e\\udd8a\", \"date\": \"\\u0031700000006\"}",
        Post(
          id: 6, authorId: 3, authorName: "Émile", text: "line\nbreak 🦊",
          date: Date(timeIntervalSince1970: 1_700_000_006))
      ),
      // The optional field null, and written.
      (
        #"{"id": 7, "authorId": 0, "authorName": "", "text": "", "date": "1700000007", "tag": null}"#,
        Post(
          id: 7, authorId: 0, authorName: "", text: "",
          date: Date(timeIntervalSince1970: 1_700_000_007))
      ),
      (try text(Self.post(8, tag: "é")), Self.post(8, tag: "é")),
      // A repeated field counts the first time.
      (
        #"{"id": 9, "id": 10, "authorId": 2, "authorName": "C", "text": "v", "date": "1700000009"}"#,
        Post(
          id: 9, authorId: 2, authorName: "C", text: "v",
          date: Date(timeIntervalSince1970: 1_700_000_009))
      ),
      (try text(Self.post(11)), Self.post(11)),
    ]
    for (text, post) in forms + forms.reversed() {
      #expect(try read(Post.self, text, with: reader) == post, "\(text)")
      #expect(try read(Post.self, text) == post, "\(text)")
    }
  }

  /// Values of other types in between, at the same depth as the posts and deeper.
  @Test func aReaderOfManyReadsValuesOfSeveralTypes() throws {
    struct Tag: Codable, Hashable {
      var name: String
      var weight: Double
    }
    struct Thread: Codable, Hashable {
      var id: Int
      var posts: [Post]
      var tags: [Tag]
    }
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let thread = Thread(
      id: 1, posts: [Self.post(1), Self.post(2, tag: "b")],
      tags: [Tag(name: "a", weight: 1.5), Tag(name: "b", weight: -2)])
    for _ in 0..<3 {
      #expect(try read(Post.self, try text(Self.post(4)), with: reader) == Self.post(4))
      #expect(try read(Thread.self, try text(thread), with: reader) == thread)
      #expect(
        try read(Tag.self, #"{"weight": 3, "name": "c"}"#, with: reader)
          == Tag(name: "c", weight: 3))
      #expect(try read([Post].self, try text([Self.post(5)]), with: reader) == [Self.post(5)])
    }
  }

  indirect enum Shape: Codable, Hashable {
    case circle(radius: Int)
    case box(width: Int, height: Int)
    case group([Shape], name: String?)
  }

  struct Tree: Codable, Hashable {
    var name: String
    var children: [Tree]
    var parent: String?
    var sizes: [String: Int]
    var labels: [Int: String]
    var shape: Shape
  }

  @Test func nestedValuesOfEveryKindReadBack() throws {
    let leaf = Tree(
      name: "leaf", children: [], parent: "mid", sizes: [:], labels: [3: "three"],
      shape: .circle(radius: 1))
    let middle = Tree(
      name: "mid", children: [leaf, leaf], parent: nil, sizes: ["a": 1, "b": 2], labels: [:],
      shape: .group([.box(width: 1, height: 2), .group([], name: nil)], name: "g"))
    let root = Tree(
      name: "root", children: [middle, leaf], parent: nil, sizes: ["c": 3], labels: [1: "one"],
      shape: .box(width: 3, height: 4))
    let reader = RecordCoding.Reader(dates: Self.seconds)
    for tree in [root, leaf, middle, root] {
      #expect(try read(Tree.self, try text(tree), with: reader) == tree)
      #expect(try read(Tree.self, try text(tree)) == tree)
      #expect(try RecordCoding.roundTrip(tree) == tree)
    }
  }

  /// A type that asks whether a field is there and whether it is null before reading it.
  struct Careful: Decodable, Hashable {
    var id: Int
    var note: String?
    var count: Int

    enum CodingKeys: String, CodingKey { case id, note, count }

    init(id: Int, note: String?, count: Int) {
      self.id = id
      self.note = note
      self.count = count
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      if container.contains(.note), try !container.decodeNil(forKey: .note) {
        note = try container.decode(String.self, forKey: .note)
      }
      count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
    }
  }

  @Test func askingWhetherAFieldIsThereOrNullReadsNothingOfIt() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let forms: [(String, Careful)] = [
      (#"{"id": 1, "note": "a", "count": 2}"#, Careful(id: 1, note: "a", count: 2)),
      (#"{"id": 1, "note": null, "count": 2}"#, Careful(id: 1, note: nil, count: 2)),
      (#"{"id": 1, "count": 2}"#, Careful(id: 1, note: nil, count: 2)),
      (#"{"id": 1, "note": "b"}"#, Careful(id: 1, note: "b", count: 0)),
      (#"{"id": 1, "note": "c", "count": null}"#, Careful(id: 1, note: "c", count: 0)),
      (#"{"count": 3, "note": "d", "id": 2}"#, Careful(id: 2, note: "d", count: 3)),
    ]
    for (text, value) in forms + forms {
      #expect(try read(Careful.self, text, with: reader) == value, "\(text)")
      #expect(try read(Careful.self, text) == value, "\(text)")
    }
  }

  /// A type that reads nothing of its text.
  struct Nothing: Decodable, Hashable {
    init() {}
    init(from decoder: any Decoder) throws {}
  }

  struct Holder: Decodable, Hashable {
    var before: Int
    var nothing: Nothing
    var after: [Nothing]
    var last: String
  }

  @Test func aValueWhoseTypeReadsNothingOfItIsPassedOver() throws {
    let text = #"{"before": 1, "nothing": {"a": [1, 2]}, "after": [{}, [3], "x"], "last": "z"}"#
    let holder = Holder(
      before: 1, nothing: Nothing(), after: [Nothing(), Nothing(), Nothing()], last: "z")
    let reader = RecordCoding.Reader()
    #expect(try read(Holder.self, text, with: reader) == holder)
    #expect(try read(Holder.self, text, with: reader) == holder)
    #expect(try read(Nothing.self, #"{"a": {"b": [1, {"c": 2}]}}"#) == Nothing())
  }

  class Base: Decodable {
    let a: Int
  }

  final class Derived: Base {
    let b: Int

    // No `super` key: the super decoder is found by name all the same.
    enum CodingKeys: String, CodingKey { case b }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      b = try container.decode(Int.self, forKey: .b)
      try super.init(from: container.superDecoder())
    }
  }

  @Test func aSuperclassReadsItsFieldsFromTheSuperField() throws {
    let derived = try read(Derived.self, #"{"b": 2, "super": {"a": 1}}"#)
    #expect(derived.a == 1 && derived.b == 2)
    expectEqual(failure(Derived.self, #"{"b": 2}"#), "missing field super")
  }

  /// A type that keeps the container it was given, to read from it later.
  struct Keeper: Decodable {
    var id: Int
    var container: KeyedDecodingContainer<CodingKeys>

    enum CodingKeys: String, CodingKey { case id, name }

    init(from decoder: any Decoder) throws {
      container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
    }
  }

  @Test func aContainerKeptBeyondItsReadingCanStillBeUsed() throws {
    var kept: [Keeper] = []
    kept.append(try read(Keeper.self, #"{"id": 1, "name": "a"}"#))
    do {
      let reader = RecordCoding.Reader()
      kept.append(try read(Keeper.self, #"{"id": 2, "name": "b"}"#, with: reader))
      kept.append(try read(Keeper.self, #"{"id": 3, "name": "c"}"#, with: reader))
    }
    // The readers are gone: reading from their containers reads what they were left at, or
    // fails, and does not touch memory that was freed.
    for keeper in kept {
      _ = try? keeper.container.decode(String.self, forKey: .name)
      _ = keeper.container.allKeys
    }
    expectEqual(kept.map(\.id), [1, 2, 3])
  }

  @Test(arguments: [
    (#"{"id": 1, "authorId": 2, "authorName": "A", "text": "t"}"#, "missing field date"),
    (
      #"{"id": 1, "authorId": "2", "authorName": "A", "text": "t", "date": "1"}"#,
      "authorId: expected a whole number at line 1, column 23"
    ),
    (
      #"{"id": 1, "authorId": 2, "authorName": "A", "text": "t", "date": "soon"}"#,
      "date: expected a date such as 1700000000 at line 1, column 66"
    ),
    (
      #"{"id": 1, "authorId": 2, "authorName": "A", "text": "t", "date": 5}"#,
      "date: expected a string at line 1, column 66"
    ),
    (
      #"{"id": 1.5, "authorId": 2, "authorName": "A", "text": "t", "date": "1"}"#,
      "id: expected a whole number at line 1, column 8"
    ),
    (
      #"{"id": 1, "authorId": 2, "authorName": "A", "text": "t", "date": "1", "tag": 3}"#,
      "tag: expected a string at line 1, column 78"
    ),
    (
      #"{"id": 1, "authorId": 2, "authorName": "A", "text": "t"#,
      "the text ends too early at line 1, column 55"
    ),
    (
      #"{"id": 1, "authorId": 2, "authorName": "A", "text": "\x"}"#,
      "invalid escape in a string at line 1, column 55"
    ),
    (#"{"id": 1 "authorId": 2}"#, "expected ',' or '}' in an object at line 1, column 10"),
    (#"[1, 2]"#, "expected an object at line 1, column 1"),
    ("", "the text ends too early at line 1, column 1"),
  ])
  func badTextFailsNamingWhatIsWrong(text: String, message: String) throws {
    let found = failure(Post.self, text)
    expectEqual(found, message)
    let reader = RecordCoding.Reader(dates: Self.seconds)
    do {
      _ = try read(Post.self, text, with: reader)
      Issue.record("read \(text)")
    } catch {
      expectEqual("\(error)", found, "\(text)")
    }
    // The reader reads well-formed text as before.
    #expect(try read(Post.self, try self.text(Self.post(1)), with: reader) == Self.post(1))
  }

  @Test func nestingTooDeepFailsWithoutCrashing() {
    let deep =
      String(repeating: #"{"name": "n", "children": ["#, count: 600)
      + String(repeating: "]}", count: 600)
    expectEqual(
      failure(Tree.self, deep)?.hasPrefix("objects and arrays nested more than 512 deep"), true)
    let deepShape = String(repeating: #"{"group": {"_0": ["#, count: 600)
    expectEqual(
      failure(Shape.self, deepShape)?.hasPrefix("objects and arrays nested more than 512 deep"),
      true)
  }

  struct Numbers: Codable, Hashable {
    var small: Int
    var large: Int
    var negative: Int
    var byte: UInt8
    var wide: Int64
    var ratio: Double
    var flag: Bool
  }

  @Test func numbersOfEveryLengthReadBack() throws {
    let reader = RecordCoding.Reader()
    for digits in 0...18 {
      let large = digits == 0 ? 0 : Int(String(repeating: "9", count: digits))!
      let numbers = Numbers(
        small: digits, large: large, negative: -large, byte: UInt8(digits), wide: Int64(-large),
        ratio: Double(large) / 8, flag: digits % 2 == 0)
      #expect(try read(Numbers.self, try text(numbers), with: reader) == numbers)
    }
    expectEqual(
      failure(Numbers.self, #"{"small": 01, "large": 1}"#),
      "malformed number: a leading zero at line 1, column 11")
    expectEqual(
      failure(
        Numbers.self,
        #"{"small": 1, "large": 1, "negative": 1, "byte": 256, "wide": 1, "ratio": 1, "flag": true}"#
      ), "byte: expected a whole number that fits UInt8 at line 1, column 52")
  }

  struct Listed: Decodable {
    var names: [String]

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      names = container.allKeys.map(\.stringValue).sorted()
    }

    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
  }

  @Test func allKeysListsTheFieldsOnce() throws {
    #expect(
      try read(Listed.self, #"{"b": 1, "a": [2], "b": 3, "c": {}}"#).names == ["a", "b", "c"])
  }
}
