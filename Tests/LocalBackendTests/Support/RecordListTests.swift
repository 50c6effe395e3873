import Foundation
import ReactiveTesting
import Store
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
      case .oldestFirst: expectEqual(list.records.map(\.id), sorted)
      case .newestFirst: expectEqual(list.records.map(\.id), sorted.reversed())
      case .by: expectEqual(list.records.map(\.text), sorted.map { "note \($0)" }.sorted())
      }
      #expect(list.nextId == (ids.max() ?? 0) + 1)
      #expect(list.inconsistency() == nil)
    }
  }

  @Test(arguments: [[1, 1], [3, 2, 2, 1], [1, 2, 3, 2], [4, 1, 4]])
  func anIdentifierUsedTwiceIsReported(ids: [Int]) {
    for collection in [Self.newestFirst, Self.oldestFirst, Self.byText] {
      let repeated = Dictionary(grouping: ids, by: { $0 }).first { $0.value.count > 1 }!.key
      expectEqual(
        list(collection, ids).inconsistency(), "two notes have the identifier \(repeated)")
    }
  }

  /// A new record's identifier is past every one in use, so an add is taken without a search;
  /// one of an identifier below the next (a damaged or edited journal) is still checked.
  @Test func anAddOfAnIdentifierInUseIsRefusedInEveryOrder() throws {
    for collection in [Self.newestFirst, Self.oldestFirst, Self.byText] {
      var list = list(collection, [5, 2, 8])
      #expect(throws: (any Error).self) {
        try list.apply(RecordChange(collection: collection, kind: .add(Note(id: 2, text: "x"))))
      }
      try list.apply(RecordChange(collection: collection, kind: .add(Note(id: 4, text: "y"))))
      try list.apply(RecordChange(collection: collection, kind: .add(Note(id: 9, text: "z"))))
      expectEqual(Set(list.records.map(\.id)), [2, 4, 5, 8, 9])
      expectEqual(list.nextId, 10)
      #expect(list.inconsistency() == nil)
    }
  }

  @Test func recordsChangedAfterTheyWereReadAreLookedAtAgain() throws {
    var list = list(Self.newestFirst, [3, 2, 1])
    #expect(list.inconsistency() == nil)
    list.records.append(Note(id: 1, text: "again"))
    expectEqual(list.inconsistency(), "two notes have the identifier 1")
    list.records.removeLast()
    #expect(list.inconsistency() == nil)
    try list.apply(RecordChange(collection: Self.newestFirst, kind: .add(Note(id: 4, text: "4"))))
    expectEqual(list.records.map(\.id), [4, 3, 2, 1])
    #expect(list.inconsistency() == nil)
  }

  /// A list long enough to be read on two threads, one note a line, with `ids` in the order
  /// given.
  private func readLongList(_ collection: RecordCollection<Note>, _ ids: [Int]) throws
    -> RecordList<Note>
  {
    let filler = String(repeating: "x", count: 200)
    let lines = ids.map { "{\"id\": \($0), \"text\": \"note \($0) \(filler)\"}" }
    let bytes = Array(("[\n" + lines.joined(separator: ",\n") + "\n]").utf8)
    #expect(bytes.count > 2 * JSONReader.concurrentArrayBytes)
    var reader = JSONReader(bytes)
    return try #require(collection.readList(&reader, nextId: nil) as? RecordList<Note>)
  }

  @Test func aLongListReadOnTwoThreadsIsCheckedAcrossTheParts() throws {
    let count = 4_000
    // In order within each half, out of order where the halves meet: the first half holds
    // the larger identifiers. All of five digits, so that every line is as long and the
    // halves are the two parts read.
    let first = 10_001
    let swapped = Array(first + count / 2..<first + count) + Array(first..<first + count / 2)
    let sorted = try readLongList(Self.oldestFirst, swapped)
    expectEqual(sorted.records.map(\.id), Array(first..<first + count))
    #expect(sorted.nextId == first + count)
    #expect(sorted.inconsistency() == nil)
    // In order, but the note that starts the second half has the identifier of the one
    // before it.
    var repeated = Array(1...count)
    repeated[count / 2] = repeated[count / 2 - 1]
    let read = try readLongList(Self.oldestFirst, repeated)
    expectEqual(read.inconsistency(), "two notes have the identifier \(count / 2)")
    // Newest first, as written.
    let newest = try readLongList(Self.newestFirst, Array((1...count).reversed()))
    expectEqual(newest.records.first?.id, count)
    #expect(newest.nextId == count + 1)
    #expect(newest.inconsistency() == nil)
  }
}
