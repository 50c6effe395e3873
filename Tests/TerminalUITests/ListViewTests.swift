import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct ListViewTests {
  private let names = (1...10).map { "Friend \($0)" }

  @Test func emptyListShowsThePlaceholder() {
    let list = ListView(items: [], placeholder: "No data available")
    #expect(list.selectedIndex == nil)
    expectEqual(
      draw(list, width: 20, height: 2).lines, ["No data available   ", "                    "])
  }

  @Test func selectionIsHighlightedAcrossTheRow() {
    var list = ListView(items: ["Ada", "Grace", "Linus"], isFocused: true)
    _ = list.handle(.down, visibleRows: 3)
    let buffer = draw(list, width: 8, height: 4)
    expectEqual(buffer.lines, ["Ada     ", "Grace   ", "Linus   ", "        "])
    expectEqual(buffer.columns(inRow: 1) { $0.isReversed }, Array(0..<8))
    expectEqual(buffer.columns(inRow: 0) { $0.isReversed }, [])
    list.isFocused = false
    expectEqual(draw(list, width: 8, height: 4).columns(inRow: 1) { $0.isBold }, Array(0..<8))
  }

  @Test func movingDownScrollsToKeepTheSelectionVisible() {
    var list = ListView(items: names)
    for _ in 0..<4 { _ = list.handle(.down, visibleRows: 3) }
    #expect(list.selectedIndex == 4 && list.scrollOffset == 2)
    expectEqual(draw(list, width: 9, height: 3).lines, ["Friend 3 ", "Friend 4 ", "Friend 5 "])
    _ = list.handle(.up, visibleRows: 3)
    #expect(list.selectedIndex == 3 && list.scrollOffset == 2)
    _ = list.handle(.up, visibleRows: 3)
    _ = list.handle(.up, visibleRows: 3)
    #expect(list.selectedIndex == 1 && list.scrollOffset == 1)
  }

  @Test func pagingHomeAndEnd() {
    var list = ListView(items: names)
    _ = list.handle(.pageDown, visibleRows: 4)
    expectEqual(list.selectedIndex, 3)
    _ = list.handle(.pageDown, visibleRows: 4)
    _ = list.handle(.pageDown, visibleRows: 4)
    _ = list.handle(.pageDown, visibleRows: 4)
    #expect(list.selectedIndex == 9 && list.scrollOffset == 6)
    _ = list.handle(.pageUp, visibleRows: 4)
    #expect(list.selectedIndex == 6 && list.scrollOffset == 6)
    _ = list.handle(.home, visibleRows: 4)
    #expect(list.selectedIndex == 0 && list.scrollOffset == 0)
    _ = list.handle(.end, visibleRows: 4)
    expectEqual(list.selectedIndex, 9)
    expectEqual(draw(list, width: 9, height: 4).lines.last, "Friend 10")
  }

  @Test func otherKeysAreLeftToTheScreen() {
    var list = ListView(items: names)
    let enter = list.handle(.enter, visibleRows: 3)
    let letter = list.handle(.character("q"), visibleRows: 3)
    let down = list.handle(.down, visibleRows: 3)
    #expect(!enter && !letter && down)
    expectEqual(list.selectedIndex, 1)
  }

  @Test func renderKeepsTheSelectionVisibleAfterAResize() {
    var list = ListView(items: names)
    list.selectedIndex = 8
    list.scrollToSelection(visibleRows: 5)
    expectEqual(list.scrollOffset, 4)
    expectEqual(draw(list, width: 9, height: 2).lines, ["Friend 8 ", "Friend 9 "])
  }

  @Test func changingItemsKeepsTheSelectionValid() {
    var list = ListView(items: names)
    list.selectedIndex = 9
    list.items = ["Only"]
    #expect(list.selectedIndex == 0 && list.selectedItem == "Only")
    list.items = []
    #expect(list.selectedIndex == nil && list.selectedItem == nil)
    list.items = ["Back"]
    expectEqual(list.selectedIndex, 0)
  }

  @Test func longItemsAreCut() {
    let list = ListView(items: ["A very long name indeed"])
    expectEqual(draw(list, width: 10).lines, ["A very lo…"])
  }
}

extension ListViewTests {
  @Test func aMarkerShowsTheSelectionWithoutStyles() {
    var list = ListView(items: ["Ada", "Grace"], isFocused: true, marker: "› ")
    expectEqual(draw(list, width: 9, height: 2).lines, ["› Ada    ", "  Grace  "])
    _ = list.handle(.down, visibleRows: 2)
    let buffer = draw(list, width: 9, height: 2)
    expectEqual(buffer.lines, ["  Ada    ", "› Grace  "])
    expectEqual(buffer.columns(inRow: 1) { $0.isReversed }, Array(0..<9))
  }

  @Test func replacingTheRowsKeepsTheSelectedItemWhereverItMoved() {
    var list = ListView(items: ["Ada", "Yara"])
    list.selectedIndex = 1
    list.replaceItems(["Adam", "Ada", "Yara"], ids: [3, 1, 2], previousIDs: [1, 2])
    expectEqual(list.selectedIndex, 2)
    expectEqual(list.selectedItem, "Yara")
    // Gone: the selection stays at its row, within the new rows.
    list.replaceItems(["Adam"], ids: [3], previousIDs: [3, 1, 2])
    expectEqual(list.selectedIndex, 0)
  }
}
