import Cryptography
import Foundation
import Models
import ReactiveTesting
import Store
import Testing

@testable import LocalBackend

@Suite struct StoreFileFormatTests {
  func sampleFile() -> StoreFile {
    StoreFile(
      account: Account(email: "a@b", displayName: "A \"quoted\""),
      passwordHash: PasswordHash.make(password: "p\\ss\nword", salt: [1, 2, 3], iterations: 2),
      loggedIn: true)
  }

  func encode(_ file: StoreFile) -> [UInt8] {
    var writer = JSONWriter(capacity: 1024)
    StoreFileSchema.encode(file, to: &writer)
    return writer.bytes
  }

  func decode(_ text: String) throws(StoreError) -> StoreFile {
    try decode(Array(text.utf8), path: "/x/store.json")
  }

  /// Decodes the data of a snapshot, describing problems as the store does.
  func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> StoreFile {
    do {
      var reader = JSONReader(bytes)
      let file = try StoreFileSchema.decodeState(from: &reader)
      try reader.end()
      return file
    } catch let failure as JSONReader.Failure {
      throw .corrupt(path: path, reason: "not valid JSON: \(failure)")
    } catch {
      throw .corrupt(path: path, reason: "\(error)")
    }
  }

  @Test func trickyTextSurvivesARoundTrip() throws {
    let names = [
      "quote \" backslash \\ slash /", "line\nbreak\ttab\r", "control \u{01}\u{1F}",
      "accents éàü", "emoji 🦊👩‍👩‍👧", "CJK 漢字", "",
    ]
    for name in names {
      var file = sampleFile()
      file.account = Account(email: name, displayName: name)
      let bytes = encode(file)
      #expect(try decode(bytes, path: "p") == file)
      // The output is valid JSON for other tools too.
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(bytes)) }
    }
  }

  @Test func theAccountIsWrittenFirst() {
    let text = String(decoding: encode(sampleFile()), as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"account\": {\"email\": \"a@b\", "))
  }

  @Test func acceptsAnyFieldOrderUnknownFieldsEscapesAndWhiteSpace() throws {
    let text = """
      {"comment": "ignored", "extra":[1,{"a":null}], "loggedIn" : false , "password":"x",
      "passwordHash": "pbkdf2-sha256$1$AQID$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
      "account":{"displayName":"\\u00e9\\ud83e\\udd8a","email":"e@f"},"generation":3,"schemaVersion":1}
      """
    let file = try decode(text)
    #expect(file.passwordHash.iterations == 1 && file.passwordHash.salt == [1, 2, 3])
    expectEqual(file.account, Account(email: "e@f", displayName: "é🦊"))
    #expect(!file.loggedIn)
  }

  @Test(arguments: [
    ("", "not valid JSON: the text ends too early at line 1, column 1"),
    ("[]", "not valid JSON: expected an object at line 1, column 1"),
    ("{\"loggedIn\": true}", "missing field account"),
    ("{\"account\": {\"email\": \"a\"}}", "missing field account.displayName"),
    (
      "{\"loggedIn\": true, \"passwordHash\": \"a\u{01}\"}",
      "not valid JSON: control character in a string at line 1, column 38"
    ),
    (
      "{\"loggedIn\": true, \"passwordHash\": \"\\x\"}",
      "not valid JSON: invalid escape in a string at line 1, column 38"
    ),
    (
      "{\"loggedIn\": true, \"passwordHash\": \"\\ud800\"}",
      "not valid JSON: unpaired surrogate in a string at line 1, column 43"
    ),
    (
      "{\"loggedIn\": \"yes\"}",
      "loggedIn: expected true or false at line 1, column 14"
    ),
  ])
  func problemsAreDescribedWithTheirPlace(text: String, reason: String) {
    #expect(throws: StoreError.corrupt(path: "/x/store.json", reason: reason)) {
      try decode(text)
    }
  }

  @Test func aMalformedPasswordHashIsCorrupt() throws {
    var text = String(decoding: encode(sampleFile()), as: UTF8.self)
    text = text.replacingOccurrences(of: "pbkdf2-sha256$2$", with: "md5$2$")
    #expect(
      throws: StoreError.corrupt(
        path: "/x/store.json",
        reason: "passwordHash: "
          + PasswordHashError.unknownAlgorithm("md5").description)
    ) {
      try decode(text)
    }
  }

  @Test func thePasswordIsWrittenOnlyAsItsHash() throws {
    let file = sampleFile()
    let text = String(decoding: encode(file), as: UTF8.self)
    #expect(text.contains("\"passwordHash\": \"\(file.passwordHash.encoded)\""))
    #expect(!text.contains("\\\\ss"))
    #expect(try decode(text) == file)
  }

  @Test func invalidUTF8IsCorrupt() {
    var bytes = Array("{\"loggedIn\": true, \"passwordHash\": \"".utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array("\"}".utf8)
    #expect(
      throws: StoreError.corrupt(
        path: "p", reason: "not valid JSON: invalid UTF-8 in a string at line 1, column 39")
    ) {
      try decode(bytes, path: "p")
    }
  }

  @Test(arguments: [
    StoreFileSchema.Change.logIn, .logOut,
  ])
  func changesSurviveARoundTripOnOneLine(change: StoreFileSchema.Change) throws {
    var writer = JSONWriter(capacity: 64)
    StoreFileSchema.encode(change, to: &writer)
    #expect(!writer.bytes.contains(UInt8(ascii: "\n")))
    var reader = JSONReader(writer.bytes)
    #expect(try StoreFileSchema.decodeChange(from: &reader) == change)
    try reader.end()
  }

  /// A journal line of a change this version does not know (a feature's change, once the
  /// feature is removed) is refused with its type, never skipped.
  @Test func aChangeOfAnUnknownTypeIsRefusedWithItsType() {
    var reader = JSONReader(Array(#"{"type": "addIngredient", "ingredient": {"id": 1}}"#.utf8))
    do {
      let change = try StoreFileSchema.decodeChange(from: &reader)
      Issue.record("decoded \(change)")
    } catch {
      expectEqual(
        "\(error)",
        #"unknown change type "addIngredient": a change of a feature this app does not have, "#
          + "written by another app or version on the same data directory")
    }
  }

  /// The collection of a feature this app does not have (another app's on the same
  /// directory, or a later version's) is kept as it was read and written back, after the
  /// collections this app has.
  @Test func aFieldThisAppDoesNotKnowIsWrittenBackAsItWasRead() throws {
    let hash = "pbkdf2-sha256$1$AQID$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
    let notes = """
      "nextNoteId": 3,
        "notes": [
          {"id": 1, "text": "kept \\u00e9"},
          {"id": 2, "text": "as written", "extra": [1, {"a": null}]}
        ]
      """
    let text = """
      {"account": {"email": "e@f", "displayName": "E"}, "passwordHash": "\(hash)",
        \(notes), "loggedIn": true}
      """
    let file = try decode(text)
    expectEqual(file.otherFields.map(\.name), ["nextNoteId", "notes"])
    let written = String(decoding: encode(file), as: UTF8.self)
    #expect(written.hasSuffix(",\n  " + notes + "\n}"), "\(written)")
    expectEqual(try decode(written), file)
    // A field given twice keeps its last value, as every other field does.
    let twice = try decode(
      #"{"n": 1, "account": {"email": "e", "displayName": "E"}, "n": 2, "#
        + #""passwordHash": "\#(hash)", "loggedIn": true}"#)
    expectEqual(twice.otherFields, [StoreFile.OtherField(name: "n", value: Array("2".utf8))])
  }
}

@Suite struct TimestampTests {
  private func text(_ date: Date) -> String {
    var writer = JSONWriter(capacity: 32)
    StoreDateFormat.timestamp.write(date, &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test func writesUTCWithMillisecondsOnlyWhenNeeded() {
    expectEqual(text(Date(timeIntervalSince1970: 0)), "\"1970-01-01T00:00:00Z\"")
    expectEqual(text(Date(timeIntervalSince1970: 1_709_280_000)), "\"2024-03-01T08:00:00Z\"")
    expectEqual(
      text(Date(timeIntervalSince1970: 1_709_164_799.123)), "\"2024-02-28T23:59:59.123Z\"")
    expectEqual(text(Date(timeIntervalSince1970: -1)), "\"1969-12-31T23:59:59Z\"")
    expectEqual(text(Date(timeIntervalSince1970: 951_782_400)), "\"2000-02-29T00:00:00Z\"")
  }

  @Test func parsesWhatItWritesAndOffsets() {
    for seconds in [0, -1, 951_782_400, 1_709_164_799.123, 4_102_444_800.5, -2_208_988_800] {
      let date = Date(timeIntervalSince1970: seconds)
      let written = text(date)
      expectEqual(Timestamp.parse(String(written.dropFirst().dropLast())), date, "\(written)")
    }
    expectEqual(
      Timestamp.parse("2024-03-01T10:00:00+02:00"), Date(timeIntervalSince1970: 1_709_280_000))
    expectEqual(
      Timestamp.parse("2024-03-01T07:30:00-00:30"), Date(timeIntervalSince1970: 1_709_280_000))
    expectEqual(
      Timestamp.parse("2024-03-01T08:00:00.1234Z"), Date(timeIntervalSince1970: 1_709_280_000.123)
    )
    expectEqual(
      Timestamp.parse("2024-03-01T08:00:00.250Z"), Date(timeIntervalSince1970: 1_709_280_000.25))
    expectEqual(
      Timestamp.parse("2024-02-29T23:59:60Z"), Date(timeIntervalSince1970: 1_709_251_200))
  }

  @Test(arguments: [
    "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
    "2024-03-01T24:00:00Z", "2024-03-01T08:00:00", "2024-03-01T08:00:00.Z",
    "2024-03-01", "24-03-01T08:00:00Z", "2024-03-01T08:00:00Zjunk",
    // The shape of a written date, with something wrong in it.
    "2024-03-01T08:60:00Z", "2024-03-01T08:00:0xZ", "+024-03-01T08:00:00Z",
    "2024-03-01T08:00:00.abcZ", "2024-03-01T08:00:00,250Z", "2024-00-01T08:00:00.250Z",
    "2024-03-01X08:00:00Z", "2024-03-01T08:00:00z0",
  ])
  func rejectsMalformedDates(_ text: String) {
    #expect(Timestamp.parse(text) == nil)
  }

  /// Every character of a date in the form the store writes it, replaced by one that cannot
  /// be there, makes the text no date.
  @Test(arguments: ["2024-03-01T08:00:00Z", "2024-03-01T08:00:00.250Z"])
  func rejectsEachWrongCharacterOfAWrittenDate(_ text: String) {
    #expect(Timestamp.parse(text) != nil)
    let characters = Array(text)
    for index in characters.indices {
      for wrong: Character in ["x", "/", ";", "\u{7F}"] {
        var changed = characters
        changed[index] = wrong
        #expect(Timestamp.parse(String(changed)) == nil, "\(String(changed))")
      }
    }
  }

  /// The store's reader reads dates of `Timestamp`'s written form itself (the format's
  /// layout), and must read each one as `Timestamp.parse` does.
  @Test func theStoreReadsEveryWrittenDateAsTimestampParsesIt() throws {
    // Every kind of year (leap or not, centuries, year 0), month end and time of day, at
    // whole seconds and milliseconds: a fixed sequence, the same at each run.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var dates: [Date] = [0, -0.001, 951_868_799.999, -62_167_219_200, 253_402_300_799.999].map {
      Date(timeIntervalSince1970: $0)
    }
    for index in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let milliseconds = Int((state >> 20) % 315_569_520_000_000) - 62_167_219_200_000
      dates.append(
        Date(
          timeIntervalSince1970: Double(index % 2 == 0 ? milliseconds / 1000 * 1000 : milliseconds)
            / 1000))
    }
    for date in dates {
      let written = text(date)
      var reader = JSONReader(Array(written.utf8))
      let read = try RecordCoding.read(Date.self, from: &reader, dates: .timestamp)
      expectEqual(read, Timestamp.parse(String(written.dropFirst().dropLast())), "\(written)")
      expectEqual(read, Timestamp.rounded(date), "\(written)")
    }
  }

  @Test func roundsToTheNearestMillisecond() {
    let date = Date(timeIntervalSince1970: 1_700_000_000.123_6)
    expectEqual(Timestamp.rounded(date), Date(timeIntervalSince1970: 1_700_000_000.124))
    expectEqual(Timestamp.rounded(Timestamp.rounded(date)), Timestamp.rounded(date))
  }
}
