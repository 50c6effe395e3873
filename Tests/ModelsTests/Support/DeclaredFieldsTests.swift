import Foundation
import Models
import ReactiveTesting
import Testing

/// A draft with a field of each type, optional or not, for the tests.
struct LarderDraft: DeclaredDraft {
  typealias Record = LarderJar
  static var recordWord: String { "jar" }
  static var fields: [Field<LarderDraft>] {
    [
      Field(\.name, "name", rules: [.required, .maximumLength(10)]),
      Field(\.quantity, "quantity", rules: [.range(0...100)]),
      Field(\.weight, "weight", rules: [.range(0.5...2)]),
      Field(\.isOpen, "isOpen", label: "Open"),
      Field(\.bestBefore, "bestBefore"),
      Field(\.note, "note", rules: [.maximumLength(5)]),
      Field(\.count, "count", rules: [.range(1...9)]),
    ]
  }
  var name = ""
  var quantity: Int?
  var weight = 1.0
  var isOpen = false
  var bestBefore: Date?
  var note: String?
  var count = 1
}

@dynamicMemberLookup
struct LarderJar: DeclaredRecord {
  typealias Draft = LarderDraft
  static let collectionName = "pantry"
  let contents: RecordContents<LarderDraft>
}

@Suite struct DeclaredFieldsTests {
  let day = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01, the start of the day

  @Test func fieldsHaveTheirNamesLabelsTypesAndOptions() {
    let fields = LarderDraft.fields
    expectEqual(
      fields.map(\.label),
      [
        "Name", "Quantity", "Weight", "Open", "Best before", "Note", "Count",
      ])
    expectEqual(
      fields.map(\.typeName), ["String", "Int?", "Double", "Bool", "Date?", "String?", "Int"])
    expectEqual(fields.map(\.isOptional), [false, true, false, false, true, true, false])
    expectEqual(LarderDraft.field(named: "bestBefore")?.option, "--best-before")
    #expect(LarderDraft.field(named: "missing") == nil)
  }

  @Test func validationNamesEachFieldThatBreaksARule() {
    var draft = LarderDraft()
    expectEqual(draft.validation, .invalid("Name cannot be empty."))
    draft.name = "a long name, longer than ten"
    draft.quantity = 101
    draft.weight = 3
    draft.note = "too long"
    draft.count = 0
    expectEqual(
      draft.problems,
      [
        "name": "Name can have at most 10 characters.",
        "quantity": "Quantity must be from 0 to 100.",
        "weight": "Weight must be from 0.5 to 2.",
        "note": "Note can have at most 5 characters.",
        "count": "Count must be from 1 to 9.",
      ])
    expectEqual(draft.validation, .invalid("Name can have at most 10 characters."))
    draft = LarderDraft()
    draft.name = "jam"
    expectEqual(draft.validation, .valid)
    #expect(draft.problems.isEmpty)
  }

  @Test func tidyingTrimsTextsAndEmptiesOptionalOnes() {
    var draft = LarderDraft()
    draft.name = "  jam \n"
    draft.note = "   "
    let trimmed = draft.trimmed
    expectEqual(trimmed.name, "jam")
    #expect(trimmed.note == nil)
    draft.note = " hot "
    expectEqual(draft.trimmed.note, "hot")
  }

  @Test func valuesAreReadFromTextByTheirType() throws {
    let draft = try LarderDraft().setting([
      "name": " jam ", "quantity": " 12 ", "weight": "1.5", "isOpen": "yes",
      "bestBefore": "2026-03-01", "note": "", "count": "3", "unknown": "x",
    ])
    expectEqual(draft.name, "jam")
    expectEqual(draft.quantity, 12)
    expectEqual(draft.weight, 1.5)
    #expect(draft.isOpen)
    expectEqual(draft.bestBefore, day)
    #expect(draft.note == nil)
    expectEqual(draft.count, 3)
    let cleared = try draft.setting(["quantity": "", "bestBefore": "2026-03-01T09:30:00Z"])
    #expect(cleared.quantity == nil)
    expectEqual(cleared.bestBefore, day.addingTimeInterval(9.5 * 3600))
  }

  @Test func aTextOfTheWrongTypeNamesTheFieldAndTheTypeExpected() {
    #expect(
      throws: FieldError(
        field: "quantity", label: "Quantity", expected: "an integer, or nothing", text: "abc")
    ) {
      try LarderDraft().setting(["quantity": "abc"])
    }
    #expect(throws: FieldError(field: "count", label: "Count", expected: "an integer", text: "")) {
      try LarderDraft().setting(["count": ""])
    }
    #expect(throws: FieldError.self) { try LarderDraft().setting(["weight": "inf"]) }
    #expect(throws: FieldError.self) { try LarderDraft().setting(["isOpen": "maybe"]) }
    #expect(throws: FieldError.self) { try LarderDraft().setting(["bestBefore": "tomorrow"]) }
    let error = FieldError(field: "count", label: "Count", expected: "an integer", text: "x")
    expectEqual(error.description, "Count must be an integer, got 'x'.")
  }

  @Test func valuesArePrintedAsTheyAreTyped() throws {
    var draft = LarderDraft()
    draft.name = "jam"
    draft.weight = 2
    draft.bestBefore = day
    expectEqual(draft.labelledTexts.map(\.text), ["jam", "", "2", "false", "2026-03-01", "", "1"])
    draft.weight = 0.75
    draft.bestBefore = day.addingTimeInterval(90)
    expectEqual(draft.labelledTexts.map(\.text)[2], "0.75")
    expectEqual(draft.labelledTexts.map(\.text)[4], "2026-03-01T00:01:30Z")
    // What is printed reads back as the same value.
    let again = try LarderDraft().setting(
      Dictionary(
        uniqueKeysWithValues: zip(LarderDraft.fields.map(\.name), draft.labelledTexts.map(\.text))))
    expectEqual(again, draft)
  }

  @Test func aRecordIsOneObjectWithoutItsMissingOptionalFields() throws {
    var draft = LarderDraft()
    draft.name = "jam"
    draft.quantity = 2
    let jar = LarderJar(id: 7, draft: draft, revision: 1, createdAt: day)
    expectEqual(jar.name, "jam")
    expectEqual(jar.quantity, 2)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .secondsSince1970
    let json = String(decoding: try encoder.encode(jar), as: UTF8.self)
    expectEqual(
      json,
      #"{"count":1,"createdAt":1772323200,"id":7,"isOpen":false,"name":"jam","quantity":2,"revision":1,"weight":1}"#
    )
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    #expect(try decoder.decode(LarderJar.self, from: Data(json.utf8)) == jar)
  }

  @Test func aRecordWrittenBeforeAnOptionalFieldExistedLoadsWithoutIt() throws {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let old =
      #"{"id":3,"revision":2,"createdAt":0,"name":"jam","weight":1,"isOpen":true,"count":4}"#
    let jar = try decoder.decode(LarderJar.self, from: Data(old.utf8))
    #expect(jar.quantity == nil)
    #expect(jar.note == nil)
    expectEqual(jar.count, 4)
    let nulls =
      #"{"id":3,"revision":2,"createdAt":0,"name":"jam","weight":1,"isOpen":true,"count":4,"quantity":null,"note":null}"#
    #expect(try decoder.decode(LarderJar.self, from: Data(nulls.utf8)) == jar)
    // A field that is not optional must be there.
    let noCount = #"{"id":3,"revision":2,"createdAt":0,"name":"jam","weight":1,"isOpen":true}"#
    #expect(throws: DecodingError.self) {
      try decoder.decode(LarderJar.self, from: Data(noCount.utf8))
    }
  }

  @Test func anUpdateKeepsWhenTheRecordWasAddedAndItsWordNamesAMissingOne() {
    var draft = LarderDraft()
    draft.name = "jam"
    let jar = LarderJar(id: 1, draft: draft, revision: 1, createdAt: day)
    draft.name = "honey"
    let updated = jar.updated(with: draft, revision: 2)
    expectEqual(updated.createdAt, day)
    expectEqual(updated.name, "honey")
    expectEqual(updated.revision, 2)
    expectEqual(LarderJar.missingText(id: 4), "No jar has the id 4.")
    expectEqual(LarderJar.collectionName, "pantry")
    expectEqual(LarderJar.routeName, "pantry")
  }
}
