import Foundation
import ReactiveTesting
import Store
import Testing

/// `Codable` values as a store writes and reads them, with no JSON written by hand.
@Suite struct RecordCodingTests {
  struct Tag: Codable, Hashable {
    var name: String
    var weight: Double
  }

  enum Kind: String, Codable, Hashable {
    case plain, fancy
  }

  struct Note: Codable, Hashable {
    var id: Int
    var text: String
    var createdAt: Date
    var done: Bool
    var tags: [Tag]
    var kind: Kind
    var parent: Int?
    var score: Int64
    var ratio: Float
  }

  static let note = Note(
    id: 7, text: "quote \" backslash \\ line\nbreak é🦊 漢字 \u{01}",
    createdAt: Date(timeIntervalSince1970: 1_709_280_000.25), done: true,
    tags: [Tag(name: "a", weight: 0.1), Tag(name: "", weight: -2.5e-7)], kind: .fancy,
    parent: nil, score: Int64.min, ratio: 1.5)

  private func text(_ value: some Encodable) throws -> String {
    var writer = JSONWriter(capacity: 64)
    try RecordCoding.write(value, to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  private func read<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    var reader = JSONReader(Array(text.utf8))
    let value = try RecordCoding.read(type, from: &reader)
    try reader.end()
    return value
  }

  @Test func writesOneLineInTheOrderOfTheFields() throws {
    let written = try text(Self.note)
    expectEqual(
      written,
      #"{"id": 7, "text": "quote \" backslash \\ line\nbreak é🦊 漢字 \u0001", "#
        + #""createdAt": 1709280000.25, "done": true, "tags": [{"name": "a", "weight": 0.1}, "#
        + #"{"name": "", "weight": -2.5e-07}], "kind": "fancy", "score": -9223372036854775808, "#
        + #""ratio": 1.5}"#)
    // Valid JSON for other tools too.
    #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(written.utf8)) }
  }

  @Test func readsWhatItWrites() throws {
    var note = Self.note
    #expect(try read(Note.self, try text(note)) == note)
    note.parent = 3
    note.tags = []
    #expect(try read(Note.self, try text(note)) == note)
    #expect(try RecordCoding.roundTrip(note) == note)
  }

  @Test func readsFieldsInAnyOrderWithUnknownFieldsAndAnySpacing() throws {
    let text = """
      { "kind":"plain","ratio" : 2, "extra": [1, {"a": null}], "score": 12,
        "tags": [ {"weight": 1, "name": "n", "more": true} ], "done": false,
        "createdAt": -1.5, "parent": null, "text": "t", "id": 3 }
      """
    #expect(
      try read(Note.self, text)
        == Note(
          id: 3, text: "t", createdAt: Date(timeIntervalSince1970: -1.5), done: false,
          tags: [Tag(name: "n", weight: 1)], kind: .plain, parent: nil, score: 12, ratio: 2))
  }

  @Test func aRepeatedFieldCountsOnceTheFirstTime() throws {
    let inOrder = #"{"name": "first", "name": "second", "weight": 1}"#
    let outOfOrder = #"{"weight": 1, "name": "first", "name": "second"}"#
    #expect(try read(Tag.self, inOrder) == Tag(name: "first", weight: 1))
    #expect(try read(Tag.self, outOfOrder) == Tag(name: "first", weight: 1))
  }

  @Test(arguments: [
    (#"{"name": "a"}"#, "missing field weight"),
    (#"{"name": 1, "weight": 1}"#, "name: expected a string at line 1, column 10"),
    (#"{"weight": 1, "name": true}"#, "name: expected a string at line 1, column 23"),
  ])
  func aWrongOrMissingFieldIsNamed(text: String, message: String) {
    do {
      _ = try read(Tag.self, text)
      Issue.record("read \(text)")
    } catch {
      expectEqual("\(error)", message)
    }
  }

  @Test func aWrongFieldInsideAListNamesItsPlace() {
    let text = try! self.text(Self.note).replacingOccurrences(
      of: #""weight": -2.5e-07"#, with: #""weight": "heavy""#)
    do {
      _ = try read(Note.self, text)
      Issue.record("read \(text)")
    } catch {
      #expect("\(error)".hasPrefix("tags[1].weight: expected a number at line 1, column "))
    }
  }

  @Test func brokenJSONIsAFailureOfTheText() {
    #expect(throws: JSONReader.Failure.self) { _ = try read(Tag.self, #"{"name": "a", "weight"#) }
    #expect(throws: JSONReader.Failure.self) { _ = try read(Tag.self, #"{"name" "a"}"#) }
  }

  @Test func datesUseTheFormatGiven() throws {
    let format = StoreDateFormat(
      write: { date, writer in writer.string("day \(Int(date.timeIntervalSince1970 / 86_400))") },
      read: { reader in
        let text = try reader.string()
        guard text.hasPrefix("day "), let day = Double(text.dropFirst(4)) else {
          throw reader.failure("expected a day", value: true)
        }
        return Date(timeIntervalSince1970: day * 86_400)
      })
    var writer = JSONWriter(capacity: 64)
    let note = Note(
      id: 1, text: "", createdAt: Date(timeIntervalSince1970: 2 * 86_400), done: false, tags: [],
      kind: .plain, parent: 1, score: 0, ratio: 0)
    try RecordCoding.write(note, to: &writer, dates: format)
    #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""createdAt": "day 2""#))
    var reader = JSONReader(writer.bytes)
    #expect(try RecordCoding.read(Note.self, from: &reader, dates: format) == note)
  }

  @Test func aNumberThatIsNotFiniteIsRefused() {
    var writer = JSONWriter(capacity: 16)
    #expect(throws: EncodingError.self) {
      try RecordCoding.write(Tag(name: "a", weight: .infinity), to: &writer)
    }
  }

  /// A value whose fields depend on its kind, so that the fields asked for change from one
  /// value to the next.
  struct Shape: Codable, Hashable {
    var kind: String
    var radius: Int?
    var width: Int?
    var height: Int?

    enum CodingKeys: String, CodingKey { case kind, radius, width, height }

    init(kind: String, radius: Int? = nil, width: Int? = nil, height: Int? = nil) {
      self.kind = kind
      self.radius = radius
      self.width = width
      self.height = height
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      kind = try container.decode(String.self, forKey: .kind)
      if kind == "circle" {
        radius = try container.decode(Int.self, forKey: .radius)
      } else {
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
      }
    }
  }

  @Test func aReaderOfManyValuesReadsTheFieldsEachOneAsksFor() throws {
    let shapes: [(text: String, shape: Shape)] = [
      (#"{"kind": "circle", "radius": 2}"#, Shape(kind: "circle", radius: 2)),
      (#"{"kind": "box", "width": 3, "height": 4}"#, Shape(kind: "box", width: 3, height: 4)),
      // In the place where the value before had its radius, but not asked for.
      (
        #"{"kind": "box", "radius": 1, "width": 5, "height": 6}"#,
        Shape(kind: "box", width: 5, height: 6)
      ),
      (#"{"kind": "circle", "radius": 7}"#, Shape(kind: "circle", radius: 7)),
      (#"{"kind": "box", "height": 9, "width": 8}"#, Shape(kind: "box", width: 8, height: 9)),
      (#"{"width": 10, "kind": "box", "height": 11}"#, Shape(kind: "box", width: 10, height: 11)),
      (#"{"kind":"circle","radius":12}"#, Shape(kind: "circle", radius: 12)),
    ]
    let reader = RecordCoding.Reader()
    for (text, shape) in shapes {
      var json = JSONReader(Array(text.utf8))
      #expect(try reader.read(Shape.self, from: &json) == shape, "\(text)")
      try json.end()
    }
    var missing = JSONReader(Array(#"{"kind": "box", "width": 1}"#.utf8))
    #expect {
      _ = try reader.read(Shape.self, from: &missing)
    } throws: { error in
      "\(error)" == "missing field height"
    }
    var tags = JSONReader(Array(#"[{"name": "a", "weight": 1}, {"name": "b", "weight": 2}]"#.utf8))
    var read: [Tag] = []
    try tags.array { json in read.append(try reader.read(Tag.self, from: &json)) }
    expectEqual(read, [Tag(name: "a", weight: 1), Tag(name: "b", weight: 2)])
  }
}
