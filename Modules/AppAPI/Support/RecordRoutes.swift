import Models

/// The routes of every collection of records, declared once for all record types: the
/// record type's `routeName` is the path (`/ingredients`, `/ingredients/{id}`).
///
/// - `GET /{collection}`: every record, in the collection's order.
/// - `GET /{collection}/{id}`: one record; 404 when there is none.
/// - `POST /{collection}`: adds a record from its draft; answers 201 with it.
/// - `PUT /{collection}/{id}`: replaces a record's fields with a ``RecordChange``; answers
///   with the record at its new revision, or 409 when the revision given is not the stored
///   one.
/// - `DELETE /{collection}/{id}`: removes a record; answers 204.
public enum RecordRoutes<Record: CollectionRecord> {
  /// `GET /{collection}`.
  public static var list: Route<NoBody, [Record]> {
    Route("GET", collection, answer: "a list of \(Record.collectionName)")
  }
  /// `GET /{collection}/{id}`.
  public static var get: Route<NoBody, Record> {
    Route("GET", item, answer: "a \(Record.recordWord)")
  }
  /// `POST /{collection}`.
  public static var add: Route<Record.Draft, Record> {
    Route("POST", collection, status: 201, answer: "the saved \(Record.recordWord)")
  }
  /// `PUT /{collection}/{id}`.
  public static var update: Route<RecordChange<Record.Draft>, Record> {
    Route("PUT", item, answer: "the saved \(Record.recordWord)")
  }
  /// `DELETE /{collection}/{id}`.
  public static var remove: Route<NoBody, NoBody> {
    Route("DELETE", item, status: 204, answer: "no content")
  }

  private static var collection: String { "/" + Record.routeName }
  private static var item: String { collection + "/{id}" }
}

/// The body of `PUT /{collection}/{id}`: the draft's fields, and the revision they were
/// edited from, side by side in one JSON object (`{"firstName": …, "revision": 3}`).
public struct RecordChange<Draft: RecordDraft>: Codable, Hashable, Sendable {
  /// The new fields.
  public var draft: Draft
  /// The revision the change was made from; the server refuses the change with 409 when the
  /// stored record has another one. Without it, the change overwrites any revision.
  public var revision: Int?

  /// Creates the body from fields and, optionally, the revision they were edited from.
  public init(draft: Draft, revision: Int?) {
    self.draft = draft
    self.revision = revision
  }

  /// Creates the body from a record's fields and revision.
  public init(_ record: Draft.Record) {
    self.init(draft: record.draft, revision: record.revision)
  }

  private enum CodingKeys: String, CodingKey {
    case revision
  }

  /// Reads the draft's fields and the revision from the same object.
  public init(from decoder: any Decoder) throws {
    draft = try Draft(from: decoder)
    revision = try decoder.container(keyedBy: CodingKeys.self)
      .decodeIfPresent(Int.self, forKey: .revision)
  }

  /// Writes the draft's fields and the revision into the same object.
  public func encode(to encoder: any Encoder) throws {
    try draft.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(revision, forKey: .revision)
  }
}
