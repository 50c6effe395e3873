import Foundation

/// A draft whose fields are declared once, in ``fields``: its tidying, its validation, its
/// reading from text and its printing follow, and so do the record it makes
/// (a ``DeclaredRecord``), the form view model, the command line's options and the terminal
/// UI's form.
///
/// ```swift
/// public struct IngredientDraft: DeclaredDraft {
///   public typealias Record = Ingredient
///   public static var fields: [Field<Self>] {
///     [Field(\.name, "name", rules: [.required, .maximumLength(40)]), Field(\.quantity, "quantity")]
///   }
///   public var name = ""
///   public var quantity: Int?
///   public init() {}
/// }
/// ```
public protocol DeclaredDraft: RecordDraft {
  /// The fields, in the order they are shown.
  static var fields: [Field<Self>] { get }
  /// The word for one record in messages, such as `ingredient`; by default "entry".
  static var recordWord: String { get }
  /// The word for several records, such as `ingredients`; by default ``recordWord`` with
  /// the ending English gives most words ("entries", "shelves", "boxes", "jars").
  static var recordPlural: String { get }
  /// A draft with every field at its initial value ("", 0, `false`, `nil`…).
  init()
}

extension DeclaredDraft {
  /// "entry".
  public static var recordWord: String { "entry" }

  /// ``recordWord`` with the ending English gives most words: "entries", "shelves",
  /// "boxes", "jars".
  public static var recordPlural: String {
    let word = recordWord
    if word.hasSuffix("y"), !"aeiou".contains(word.dropLast().last ?? "a") {
      return word.dropLast() + "ies"
    }
    if word.hasSuffix("f") { return word.dropLast() + "ves" }
    if word.hasSuffix("fe") { return word.dropLast(2) + "ves" }
    if ["s", "x", "z", "ch", "sh"].contains(where: word.hasSuffix) { return word + "es" }
    return word + "s"
  }

  /// The field named `name` (its Swift name), if there is one.
  public static func field(named name: String) -> Field<Self>? {
    fields.first { $0.name == name }
  }

  /// The draft with every field tidied: texts trimmed, empty optional texts `nil`.
  public var trimmed: Self { Self.fields.reduce(self) { $1.tidied($0) } }

  /// The first rule a field breaks, in the order of ``fields``, or `.valid`.
  public var validation: ValidationResult {
    for field in Self.fields {
      if let message = field.problem(in: self) { return .invalid(message) }
    }
    return .valid
  }

  /// The message of each field that breaks a rule, by the field's name; empty when the
  /// draft is valid.
  public var problems: [String: String] {
    var problems: [String: String] = [:]
    for field in Self.fields {
      problems[field.name] = field.problem(in: self)
    }
    return problems
  }

  /// The draft with the values given as text by field name, read by each field's type; a
  /// text that is not a value of its field's type throws a ``FieldError`` naming the field.
  /// Fields not given keep their value; a name that is no field's is ignored.
  public func setting(_ texts: [String: String]) throws(FieldError) -> Self {
    var draft = self
    for field in Self.fields {
      if let text = texts[field.name] { try field.set(text, in: &draft) }
    }
    return draft
  }

  /// Each field's label and value as it is printed, in order.
  public var labelledTexts: [(label: String, text: String)] {
    Self.fields.map { ($0.label, $0.text(of: self)) }
  }
}

/// A record made of a ``DeclaredDraft``'s fields and what the store decides (its identifier,
/// its revision and when it was added), kept together in ``contents``. Its fields read as its
/// own (`record.quantity`), and its `Codable` form follows from the draft's
/// ``DeclaredDraft/fields``:
///
/// ```swift
/// @dynamicMemberLookup
/// public struct Ingredient: DeclaredRecord {
///   public static let collectionName = "ingredients"
///   public let contents: RecordContents<IngredientDraft>
///   public init(contents: RecordContents<IngredientDraft>) { self.contents = contents }
/// }
/// ```
///
/// It is stored, and sent over HTTP, as one JSON object: `id`, `revision`, `createdAt` and
/// each field under its Swift name. An optional field that is `nil` is left out, and one
/// that is missing or `null` is read as `nil`, so records written before an optional field
/// was added still load.
public protocol DeclaredRecord: CollectionRecord where Draft: DeclaredDraft {
  /// The record's identifier, revision, time added and fields.
  var contents: RecordContents<Draft> { get }
  /// Wraps `contents`.
  init(contents: RecordContents<Draft>)
}

/// What a ``DeclaredRecord`` is: what the store decides about it and its draft.
public struct RecordContents<Draft: DeclaredDraft>: Hashable, Sendable {
  /// The identifier the store gave it.
  public var id: Int
  /// How many times it was written: 1 when added, one more at each change.
  public var revision: Int
  /// When it was added.
  public var createdAt: Date
  /// The editable fields.
  public var draft: Draft

  /// Creates the record's parts.
  public init(id: Int, revision: Int, createdAt: Date, draft: Draft) {
    self.id = id
    self.revision = revision
    self.createdAt = createdAt
    self.draft = draft
  }
}

extension DeclaredRecord {
  /// The identifier the store gave it.
  public var id: Int { contents.id }
  /// How many times it was written: 1 when added, one more at each change.
  public var revision: Int { contents.revision }
  /// When it was added.
  public var createdAt: Date { contents.createdAt }
  /// The editable fields.
  public var draft: Draft { contents.draft }

  /// Creates a record from its draft, at `revision`, added at `createdAt`.
  public init(id: Int, draft: Draft, revision: Int, createdAt: Date) {
    self.init(
      contents: RecordContents(id: id, revision: revision, createdAt: createdAt, draft: draft))
  }

  /// The draft's field at `keyPath`, as the record's own.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Draft, Value>) -> Value {
    contents.draft[keyPath: keyPath]
  }

  /// The record with the fields of `draft`, at `revision`, still added when it was.
  public func updated(with draft: Draft, revision: Int) -> Self {
    Self(id: id, draft: draft, revision: revision, createdAt: createdAt)
  }

  /// "No entry has the id 7.", with the draft's ``DeclaredDraft/recordWord``.
  public static func missingText(id: Int) -> String {
    "No \(Draft.recordWord) has the id \(id)."
  }

  /// Reads the record from its JSON object: `id`, `revision`, `createdAt` and each declared
  /// field.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    var draft = Draft()
    for field in Draft.fields {
      try field.decode(from: container, into: &draft)
    }
    self.init(
      id: try container.decode(Int.self, forKey: FieldKey("id")), draft: draft,
      revision: try container.decode(Int.self, forKey: FieldKey("revision")),
      createdAt: try container.decode(Date.self, forKey: FieldKey("createdAt")))
  }

  /// Writes the record as one JSON object: `id`, `revision`, `createdAt` and each declared
  /// field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(id, forKey: FieldKey("id"))
    try container.encode(revision, forKey: FieldKey("revision"))
    try container.encode(createdAt, forKey: FieldKey("createdAt"))
    for field in Draft.fields {
      try field.encode(draft, to: &container)
    }
  }
}
