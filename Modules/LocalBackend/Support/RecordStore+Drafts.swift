import Foundation
import Models

// The writes of every collection of records from drafts, the same on every engine.
extension RecordStore {
  /// Adds a record made from `draft`, trimmed, at its first revision.
  ///
  /// - Returns: The new record, with the identifier the store gave it.
  /// - Throws: ``StoreError/invalidInput(_:)`` when a field breaks its rule (see
  ///   `RecordDraft.validation`); nothing changes.
  @discardableResult
  public func add<Draft: RecordDraft>(_ draft: Draft) throws(StoreError) -> Draft.Record {
    let draft = try validated(draft)
    let now = Date()
    return try add { id in
      Draft.Record(id: id, draft: draft, revision: Draft.Record.firstRevision, createdAt: now)
    }
  }

  /// Replaces the fields of the record with `record.id` by those of its draft, trimmed, and
  /// gives it the next revision.
  ///
  /// - Parameter overwriting: Whether to save even when `record.revision` is not the stored
  ///   one; by default such a save is refused.
  /// - Returns: The record as saved, with its new revision.
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such record,
  ///   ``StoreError/changedElsewhere(_:record:)`` when `record.revision` is not the stored
  ///   one, ``StoreError/invalidInput(_:)`` when a field breaks its rule; nothing changes.
  @discardableResult
  public func update<Record: CollectionRecord>(_ record: Record, overwriting: Bool = false)
    throws(StoreError) -> Record
  {
    try update(id: record.id, to: record.draft, from: overwriting ? nil : record.revision)
  }

  /// Replaces the fields of the record with identifier `id` by those of `draft`, trimmed,
  /// and gives it the next revision; what an update over HTTP does.
  ///
  /// - Parameter revision: The revision the change was made from: the save is refused when
  ///   it is not the stored one. `nil` saves over any revision.
  /// - Returns: The record as saved, with its new revision.
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such record,
  ///   ``StoreError/changedElsewhere(_:record:)`` when `revision` is not the stored one,
  ///   ``StoreError/invalidInput(_:)`` when a field breaks its rule; nothing changes.
  @discardableResult
  public func update<Draft: RecordDraft>(id: Int, to draft: Draft, from revision: Int?)
    throws(StoreError) -> Draft.Record
  {
    let draft = try validated(draft)
    return try update(Draft.Record.self, id: id) { (stored: Draft.Record) throws(StoreError) in
      if let revision, stored.revision != revision {
        throw .changedElsewhere(id, record: Draft.Record.recordWord)
      }
      return stored.updated(with: draft, revision: stored.revision + 1)
    }
  }

  private func validated<Draft: RecordDraft>(_ draft: Draft) throws(StoreError) -> Draft {
    let draft = draft.trimmed
    if case .invalid(let message) = draft.validation {
      throw .invalidInput(message)
    }
    return draft
  }
}
