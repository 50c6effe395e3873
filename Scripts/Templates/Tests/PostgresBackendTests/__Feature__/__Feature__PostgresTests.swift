import Foundation
import LocalBackend
import Models
import PostgresClient
import TestSupport
import Testing

#if Postgres
  import PostgresBackend
#endif

/// The __phrase__ entries in PostgreSQL, one fresh database per test: each declared field is
/// kept, and an optional one left empty reads back as empty.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(1)))
struct __Feature__PostgresTests {
  @Test func entriesAreAddedUpdatedAndRemovedWithTheirFields() throws {
    #if Postgres
      try PostgresTestDatabase.withDatabase { url in
        let store = try PostgresStore(url: url, seed: .empty)
        let draft = try __Feature__Draft().setting(
          Dictionary(uniqueKeysWithValues: __Feature__Draft.fields.map { ($0.name, $0.example) }))
        let added = try store.add(draft)
        #expect(added.draft == draft.trimmed)
        let empty = __Feature__Draft.fields.filter(\.isOptional).map { ($0.name, "") }
        let changed = added.updated(
          with: try draft.setting(Dictionary(uniqueKeysWithValues: empty)), revision: 1)
        let saved = try store.update(changed)
        #expect(saved.revision == 2)
        let again = try PostgresStore(url: url, seed: .empty)
        #expect(try again.records(__Feature__Item.self) == [saved])
        try again.remove(__Feature__Item.self, id: saved.id)
        #expect(try store.records(__Feature__Item.self).isEmpty)
      }
    #endif
  }
}
