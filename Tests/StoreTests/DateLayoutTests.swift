import Foundation
import ReactiveTesting
import Testing

@testable import Store

/// A ``StoreDateFormat`` with a layout: strings of exactly that form are read by the reader
/// itself, every other string by the format's parser.
@Suite struct DateLayoutTests {
  /// A date no text of these tests names: what the parser returns, to show it was asked.
  static let fromTheParser = Date(timeIntervalSince1970: 123_456_789.5)

  /// The layout, with a parser that answers ``fromTheParser`` for any text.
  static let format = StoreDateFormat(
    text: { _ in "" }, parse: { _ in fromTheParser }, example: "2024-03-01T08:00:00Z",
    layout: .iso8601Milliseconds)

  /// A value with a date among other fields, read as the store reads its records: straight
  /// from its fields when the text is as written.
  struct Stamped: Codable, Equatable, RecordFieldsDecodable {
    var id: Int
    var date: Date

    init(id: Int, date: Date) {
      (self.id, self.date) = (id, date)
    }

    init(fields: inout RecordFields) throws {
      self.init(id: try fields.int("id"), date: try fields.date("date"))
    }
  }

  /// `text` (the JSON text of a string) read as a date, alone and as a field of a record.
  private func dates(_ text: String) throws -> (alone: Date, inRecord: Date) {
    var reader = JSONReader(Array(text.utf8))
    let alone = try RecordCoding.read(Date.self, from: &reader, dates: Self.format)
    try reader.end()
    var record = JSONReader(Array(#"{"id": 1, "date": \#(text)}"#.utf8))
    let stamped = try RecordCoding.Reader(dates: Self.format).read(Stamped.self, from: &record)
    try record.end()
    return (alone, stamped.date)
  }

  @Test func readsTheLayoutItselfAtTheMillisecond() throws {
    let expected: [(String, TimeInterval)] = [
      ("1970-01-01T00:00:00Z", 0),
      ("2024-03-01T08:00:00Z", 1_709_280_000),
      ("2024-03-01T08:00:00.250Z", 1_709_280_000.25),
      ("2000-02-29T23:59:59.999Z", 951_868_799.999),
      ("1969-12-31T23:59:59.001Z", -0.999),
      // A leap second, which the layout takes as the next second's start.
      ("2016-12-31T23:59:60Z", 1_483_228_800),
      ("1900-03-01T00:00:00Z", -2_203_891_200),
      // Year 0 is a leap year of the proleptic calendar; the era before 0 starts in it.
      ("0000-01-01T00:00:00Z", -62_167_219_200),
      ("0000-02-29T00:00:00Z", -62_162_121_600),
      ("0000-03-01T00:00:00.500Z", -62_162_035_199.5),
      ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
    ]
    for (text, seconds) in expected {
      let date = Date(timeIntervalSince1970: Double(Int((seconds * 1000).rounded())) / 1000)
      let read = try dates("\"\(text)\"")
      expectEqual(read.alone, date, "\(text)")
      expectEqual(read.inRecord, date, "\(text)")
    }
  }

  @Test func handsEveryOtherTextToTheParser() throws {
    let others = [
      "2024-03-01T08:00:00+02:00", "2024-03-01 08:00:00Z", "2024-03-01T08:00:00.25Z",
      "2024-03-01T08:00:00.2500Z", "2024-03-01T08:00:00z", "2024-03-01t08:00:00Z",
      "2024-03-01T08:00:00", "2024/03/01T08:00:00Z", "2024-03-01T08-00:00Z",
      // Escapes, even of the layout's own characters.
      #"2024-03-01T08:00:00\u005A"#, #"\u0032024-03-01T08:00:00Z"#,
      // Values out of range, and bytes that are not digits.
      "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z",
      "2024-04-31T00:00:00Z", "2024-03-00T00:00:00Z", "2024-03-01T24:00:00Z",
      "2024-03-01T08:60:00Z", "2024-03-01T08:00:61Z", "2024-03-01T08:00:00.25aZ",
      "202a-03-01T08:00:00Z", "2024-0:-01T08:00:00Z", "-024-03-01T08:00:00Z", "",
      "2024-03-01T08:00:00Z2024-03-01T08:00:00Z",
    ]
    for text in others {
      let read = try dates("\"\(text)\"")
      expectEqual(read.alone, Self.fromTheParser, "\(text)")
      expectEqual(read.inRecord, Self.fromTheParser, "\(text)")
    }
  }

  @Test func handsTheParserAWrittenDateWithAnyOfItsCharactersWrong() throws {
    for text in ["2024-03-01T08:00:00Z", "2024-03-01T08:00:00.250Z"] {
      let characters = Array(text)
      for index in characters.indices {
        for wrong: Character in ["x", "/", ";", "-", ":", "\u{7F}", "é", " "]
        where wrong != characters[index] {
          var changed = characters
          changed[index] = wrong
          let read = try dates("\"\(String(changed))\"")
          expectEqual(read.alone, Self.fromTheParser, "\(String(changed))")
          expectEqual(read.inRecord, Self.fromTheParser, "\(String(changed))")
        }
      }
    }
  }

  @Test func leavesTextThatIsNotAStringAsItWas() {
    // Not a string, or unfinished: the parser is not asked, and the failure is the string's.
    for text in ["20240301", #""2024-03-01T08:00:00Z"#, "null", #""2024-03-01T08:00:00.250Z"#] {
      var reader = JSONReader(Array(text.utf8))
      #expect(throws: (any Error).self, "\(text)") {
        try RecordCoding.read(Date.self, from: &reader, dates: Self.format)
      }
    }
  }

  @Test func aFormatWhoseReadingIsReplacedNoLongerReadsItsLayout() throws {
    var format = Self.format
    format.read = { reader in
      _ = try reader.string()
      return Date(timeIntervalSince1970: 7)
    }
    var reader = JSONReader(Array(#""2024-03-01T08:00:00Z""#.utf8))
    #expect(
      try RecordCoding.read(Date.self, from: &reader, dates: format)
        == Date(timeIntervalSince1970: 7))
  }
}
