import Foundation
import Models
import ReactiveTesting
import Testing

@Suite struct TimelineCursorTests {
  private func page(_ ids: [Int]) -> [Post] {
    ids.map {
      Post(
        id: $0, authorId: 1, authorName: "Grace", text: "post \($0)",
        date: Date(timeIntervalSince1970: 0))
    }
  }

  @Test func noneHasSeenNothing() {
    #expect(TimelineCursor.none.newestId == nil)
    #expect(TimelineCursor.none.oldestId == nil)
  }

  @Test func firstPageSetsBothEnds() {
    let cursor = TimelineCursor.none.advanced(with: page([12, 15, 9]))
    expectEqual(cursor, TimelineCursor(newestId: 15, oldestId: 9))
  }

  @Test func emptyPageLeavesTheCursorUnchanged() {
    expectEqual(TimelineCursor.none.advanced(with: []), .none)
    let cursor = TimelineCursor(newestId: 20, oldestId: 3)
    expectEqual(cursor.advanced(with: []), cursor)
  }

  @Test func newerPageMovesOnlyTheNewestEnd() {
    let cursor = TimelineCursor(newestId: 20, oldestId: 10)
    expectEqual(cursor.advanced(with: page([25, 21])), TimelineCursor(newestId: 25, oldestId: 10))
  }

  @Test func olderPageMovesOnlyTheOldestEnd() {
    let cursor = TimelineCursor(newestId: 20, oldestId: 10)
    expectEqual(cursor.advanced(with: page([9, 4])), TimelineCursor(newestId: 20, oldestId: 4))
  }

  @Test func pageInsideTheSeenRangeChangesNothing() {
    let cursor = TimelineCursor(newestId: 20, oldestId: 10)
    expectEqual(cursor.advanced(with: page([11, 19])), cursor)
  }

  @Test func scanAccumulatorFoldsPages() {
    let pages = [page([5, 4]), [], page([9, 8]), page([1])]
    let final = pages.reduce(TimelineCursor.none, TimelineCursor.advance)
    expectEqual(final, TimelineCursor(newestId: 9, oldestId: 1))
  }

  @Test func advancesFromBareIdentifiers() {
    expectEqual(
      TimelineCursor.none.advanced(withIds: [3, 7]), TimelineCursor(newestId: 7, oldestId: 3))
  }
}
