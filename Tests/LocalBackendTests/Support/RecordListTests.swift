import Foundation
import Testing

@testable import LocalBackend

/// How a collection's records are put in order when they are read, and which identifiers it
/// reports as used twice.
@Suite struct RecordListTests {
  struct Note: Codable, Hashable, Sendable, Identifiable {
    var id: Int
    var text: String
  }

  static let newestFirst = RecordCollection<Note>("notes", order: .newestFirst)
  static let oldestFirst = RecordCollection<Note>("notes")
  static let byText = RecordCollection<Note>("notes", order: .by { $0.text < $1.text })

  private func list(_ collection: RecordCollection<Note>, _ ids: [Int]) -> RecordList<Note> {
    var list = RecordList(
      collection: collection, records: ids.map { Note(id: $0, text: "note \($0)") }, nextId: 1)
    list.normalize()
    return list
  }

  @Test(arguments: [[], [1], [3, 2, 1], [1, 2, 3], [2, 3, 1], [5, 9, 7, 8]])
  func recordsInAnyOrderAreSortedWithTheNextIdentifierAboveThem(ids: [Int]) {
    for collection in [Self.newestFirst, Self.oldestFirst, Self.byText] {
      let list = list(collection, ids)
      let sorted = ids.sorted()
      switch collection.order {
      case .oldestFirst: #expect(list.records.map(\.id) == sorted)
      case .newestFirst: #expect(list.records.map(\.id) == sorted.reversed())
      case .by: #expect(list.records.map(\.text) == sorted.map { "note \($0)" }.sorted())
      }
      #expect(list.nextId == (ids.max() ?? 0) + 1)
      #expect(list.inconsistency() == nil)
    }
  }

  @Test(arguments: [[1, 1], [3, 2, 2, 1], [1, 2, 3, 2], [4, 1, 4]])
  func anIdentifierUsedTwiceIsReported(ids: [Int]) {
    for collection in [Self.newestFirst, Self.oldestFirst, Self.byText] {
      let repeated = Dictionary(grouping: ids, by: { $0 }).first { $0.value.count > 1 }!.key
      #expect(
        list(collection, ids).inconsistency() == "two notes have the identifier \(repeated)")
    }
  }

  @Test func recordsChangedAfterTheyWereReadAreLookedAtAgain() throws {
    var list = list(Self.newestFirst, [3, 2, 1])
    #expect(list.inconsistency() == nil)
    list.records.append(Note(id: 1, text: "again"))
    #expect(list.inconsistency() == "two notes have the identifier 1")
    list.records.removeLast()
    #expect(list.inconsistency() == nil)
    try list.apply(RecordChange(collection: Self.newestFirst, kind: .add(Note(id: 4, text: "4"))))
    #expect(list.records.map(\.id) == [4, 3, 2, 1])
    #expect(list.inconsistency() == nil)
  }
}
