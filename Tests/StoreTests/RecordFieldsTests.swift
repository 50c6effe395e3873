import Foundation
import ReactiveTesting
import Store
import Testing

/// How a ``RecordFieldsDecodable`` value is read: straight from its fields when its text is
/// exactly as ``RecordCoding`` writes it, and through `Decodable` otherwise, to the same value
/// or the same error.
@Suite struct RecordFieldsTests: WritesRecordText {
  struct Entry: Codable, Hashable, RecordFieldsDecodable {
    var id: Int
    var title: String
    var done: Bool
    var score: Double
    var date: Date
    var sequenceNumber = 7

    init(id: Int, title: String, done: Bool, score: Double, date: Date) {
      (self.id, self.title, self.done, self.score, self.date) = (id, title, done, score, date)
    }

    init(fields: inout RecordFields) throws {
      self.init(
        id: try fields.int("id"), title: try fields.string("title"),
        done: try fields.bool("done"), score: try fields.double("score"),
        date: try fields.date("date"))
      sequenceNumber = try fields.int("sequenceNumber")
    }
  }

  /// The same fields, read only through `Decodable`.
  struct PlainEntry: Codable, Hashable {
    var id: Int
    var title: String
    var done: Bool
    var score: Double
    var date: Date
    var sequenceNumber: Int
  }

  /// A conformance that asks for its fields in another order than they are written.
  struct Misordered: Codable, Hashable, RecordFieldsDecodable {
    var id: Int
    var title: String

    init(id: Int, title: String) {
      (self.id, self.title) = (id, title)
    }

    init(fields: inout RecordFields) throws {
      let title = try fields.string("title")
      self.init(id: try fields.int("id"), title: title)
    }
  }

  /// Field names shorter than a word of four bytes: of one character, and empty.
  struct Point: Codable, Hashable, RecordFieldsDecodable {
    var x: Int
    var y: String
    var empty: Bool

    init(x: Int, y: String, empty: Bool) {
      (self.x, self.y, self.empty) = (x, y, empty)
    }

    enum CodingKeys: String, CodingKey {
      case x, y
      case empty = ""
    }

    init(fields: inout RecordFields) throws {
      self.init(x: try fields.int("x"), y: try fields.string("y"), empty: try fields.bool(""))
    }
  }

  static func entry(_ id: Int) -> Entry {
    Entry(
      id: id, title: "Entry \(id), \"quoted\" é", done: id % 2 == 0, score: Double(id) / 4,
      date: Date(timeIntervalSince1970: Double(1_700_000_000 + id)))
  }

  /// `text` read by `reader`, checking that nothing follows the value.
  private func read<Value: RecordFieldsDecodable>(
    _ type: Value.Type, _ text: String, with reader: RecordCoding.Reader
  ) throws -> Value {
    var json = JSONReader(Array(text.utf8))
    let value = try reader.read(type, from: &json)
    try json.end()
    return value
  }

  /// What reading `text` as a `Value` throws, described; `nil` when it reads.
  private func failure(_ read: () throws -> Void) -> String? {
    do {
      try read()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func readsTheTextAsWrittenStraightFromItsFields() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    for id in 0..<6 {
      let text = try text(Self.entry(id))
      #expect(reader.readsAsWritten(Entry.self, from: JSONReader(Array(text.utf8))))
      #expect(try read(Entry.self, text, with: reader) == Self.entry(id))
    }
  }

  @Test func readsNamesOfOneCharacterAndEmptyNamesStraightFromTheirFields() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let point = Point(x: -3, y: "é", empty: true)
    let text = try text(point)
    expectEqual(text, #"{"x": -3, "y": "é", "": true}"#)
    #expect(reader.readsAsWritten(Point.self, from: JSONReader(Array(text.utf8))))
    #expect(try read(Point.self, text, with: reader) == point)
    let other = #"{"x": -3, "z": "é", "": true}"#
    #expect(!reader.readsAsWritten(Point.self, from: JSONReader(Array(other.utf8))))
  }

  @Test func readsEveryOtherFormThroughDecodableToTheSameValue() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let date = Date(timeIntervalSince1970: 1_700_000_001)
    let expected = Entry(id: 1, title: "t", done: true, score: 2.5, date: date)
    let forms = [
      // Fields in another order.
      #"{"title": "t", "id": 1, "done": true, "score": 2.5, "date": "1700000001", "sequenceNumber": 7}"#,
      // Other spacing.
      #"{ "id":1,"title":"t","done":true,"score":2.5,"date":"1700000001","sequenceNumber":7 }"#,
      // A field more, at the end and in between.
      #"{"id": 1, "title": "t", "done": true, "score": 2.5, "date": "1700000001", "sequenceNumber": 7, "x": [1]}"#,
      #"{"id": 1, "extra": {"a": null}, "title": "t", "done": true, "score": 2.5, "#
        + #""date": "1700000001", "sequenceNumber": 7}"#,
      // A field repeated: the first one counts, as `Decodable` reads it.
      #"{"id": 1, "title": "t", "done": true, "score": 2.5, "date": "1700000001", "sequenceNumber": 7, "id": 9}"#,
    ]
    for form in forms {
      #expect(!reader.readsAsWritten(Entry.self, from: JSONReader(Array(form.utf8))), "\(form)")
      #expect(try read(Entry.self, form, with: reader) == expected, "\(form)")
    }
  }

  @Test func failsAsDecodableDoesOnTextThatIsNotAnEntry() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let texts = [
      #"{"id": "1", "title": "t", "done": true, "score": 2.5, "date": "1700000001", "sequenceNumber": 7}"#,
      #"{"id": 1, "title": "t", "done": true, "score": 2.5, "date": "yesterday", "sequenceNumber": 7}"#,
      #"{"id": 1, "title": "t", "done": true, "score": 2.5}"#,
      // A name that differs from the field's in one byte: at its end, in its middle.
      #"{"id": 1, "title": "t", "done": true, "score": 2.5, "date": "1", "sequenceNumbeR": 7}"#,
      #"{"id": 1, "title": "t", "done": true, "score": 2.5, "date": "1", "sequenXeNumber": 7}"#,
      #"{"id": 1, "titlf": "t", "done": true, "score": 2.5, "date": "1", "sequenceNumber": 7}"#,
      #"{"iD": 1, "title": "t", "done": true, "score": 2.5, "date": "1", "sequenceNumber": 7}"#,
      #"{"id": 1, "title": 5, "done": true, "score": 2.5, "date": "1700000001", "sequenceNumber": 7}"#,
      #"{"id": 1, "title": "t", "done": true, "score": 2.5, "date": "1700000001", "sequenceNumber": 7"#,
      #"[1]"#,
    ]
    for text in texts {
      let plain = failure {
        var json = JSONReader(Array(text.utf8))
        _ = try RecordCoding.Reader(dates: Self.seconds).read(PlainEntry.self, from: &json)
      }
      #expect(plain != nil, "\(text)")
      #expect(failure { _ = try read(Entry.self, text, with: reader) } == plain, "\(text)")
    }
  }

  @Test func aConformanceThatAsksForTheFieldsInAnotherOrderStillReadsTheValue() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    let text = try text(Misordered(id: 4, title: "four"))
    #expect(!reader.readsAsWritten(Misordered.self, from: JSONReader(Array(text.utf8))))
    #expect(try read(Misordered.self, text, with: reader) == Misordered(id: 4, title: "four"))
  }

  @Test func readsManyValuesInTurnEitherWay() throws {
    let reader = RecordCoding.Reader(dates: Self.seconds)
    var texts: [String] = []
    for id in 0..<20 {
      texts.append(
        id % 3 == 0
          ? #"{"date": "\#(1_700_000_000 + id)", "id": \#(id), "title": "Entry \#(id), \"quoted\" é", "#
            + #""done": \#(id % 2 == 0), "score": \#(Double(id) / 4), "sequenceNumber": 7}"#
          : try text(Self.entry(id)))
    }
    var json = JSONReader(Array(("[" + texts.joined(separator: ",\n") + "]").utf8))
    var entries: [Entry] = []
    try json.array { json in entries.append(try reader.read(Entry.self, from: &json)) }
    try json.end()
    expectEqual(entries, (0..<20).map(Self.entry))
  }
}
