import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing

/// A record defined for these tests alone, so that the generic fake is tested on a record
/// that no feature owns.
private struct Memo: CollectionRecord {
  static let collectionName = "memos"
  var id: Int
  var revision: Int
  var text: String
  var createdAt: Date

  init(id: Int, draft: MemoDraft, revision: Int, createdAt: Date) {
    self.id = id
    self.revision = revision
    text = draft.text
    self.createdAt = createdAt
  }

  var draft: MemoDraft { MemoDraft(text: text) }

  func updated(with draft: MemoDraft, revision: Int) -> Memo {
    Memo(id: id, draft: draft, revision: revision, createdAt: createdAt)
  }
}

private struct MemoDraft: RecordDraft {
  typealias Record = Memo
  var text: String
  var trimmed: MemoDraft { MemoDraft(text: text.trimmingCharacters(in: .whitespaces)) }
  var validation: ValidationResult { text.isEmpty ? .invalid("A memo needs a text.") : .valid }
}

/// The in-memory service of any collection of records: the rules every engine follows (drafts
/// trimmed and checked, revisions compared, unknown ids refused), on virtual time.
@Suite @MainActor struct InMemoryRecordsServiceTests {
  /// The first event of `single`, after running the clock.
  private func outcome<Value>(_ clock: TestScheduler, _ single: Single<Value>) -> Event<Value>? {
    var result: Event<Value>?
    _ = single.asObservable().subscribe { event in if result == nil { result = event } }
    clock.start()
    return result
  }

  @Test func addsTrimmedDraftsAtTheFirstRevisionDatedByTheClock() {
    let clock = TestScheduler.milliseconds()
    let service = InMemoryRecordsService<Memo>(scheduler: clock, delay: 50)
    let added = outcome(clock, service.add(MemoDraft(text: " milk ")))?.element
    expectEqual(added?.text, "milk")
    expectEqual(added?.revision, Memo.firstRevision)
    expectEqual(added?.createdAt, Date(timeIntervalSince1970: 0.05))
    expectEqual(outcome(clock, service.records())?.element, [added].compactMap { $0 })
    #expect(
      outcome(clock, service.add(MemoDraft(text: "  ")))?.error as? ServiceError
        == .invalid("A memo needs a text."))
  }

  @Test func anUpdateFromTheStoredRevisionKeepsWhatTheStoreDecidedAndAStaleOneIsRefused() {
    let clock = TestScheduler.milliseconds()
    let first = Memo(
      id: 1, draft: MemoDraft(text: "milk"), revision: 1,
      createdAt: Date(timeIntervalSince1970: 1))
    let service = InMemoryRecordsService<Memo>(scheduler: clock, items: [first])
    var changed = first
    changed.text = "oat milk"
    let saved = outcome(clock, service.update(changed))?.element
    expectEqual(saved?.revision, 2)
    expectEqual(saved?.text, "oat milk")
    expectEqual(saved?.createdAt, first.createdAt)
    #expect(
      outcome(clock, service.update(changed))?.error as? ServiceError
        == .changedElsewhere(id: 1))
    expectEqual(service.items.map(\.text), ["oat milk"])
    #expect(outcome(clock, service.record(id: 9))?.error as? ServiceError == .notFound(id: 9))
    expectEqual(
      service.calls, [.update(changed), .update(changed), .record(id: 9)])
  }
}
