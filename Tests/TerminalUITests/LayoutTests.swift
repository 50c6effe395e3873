import ReactiveTesting
import Testing

@testable import TerminalUI

@Suite struct LayoutTests {
  @Test func rowsServeFixedSizesThenShareTheRest() {
    let rect = Rect(x: 0, y: 0, width: 10, height: 10)
    let rows = rect.rows([.fixed(1), .fill, .fixed(2)])
    expectEqual(rows.map(\.y), [0, 1, 8])
    expectEqual(rows.map(\.height), [1, 7, 2])
  }

  @Test func fillWeightsAndSpacing() {
    let rect = Rect(x: 2, y: 0, width: 11, height: 1)
    let columns = rect.columns([.fill(1), .fill(2)], spacing: 1)
    expectEqual(
      columns, [Rect(x: 2, y: 0, width: 4, height: 1), Rect(x: 7, y: 0, width: 6, height: 1)])
  }

  @Test func fixedSizesShrinkWhenSpaceRunsOut() {
    let rows = Rect(x: 0, y: 0, width: 5, height: 3).rows([.fixed(2), .fixed(2), .fill])
    expectEqual(rows.map(\.height), [2, 1, 0])
  }

  @Test func insetCenterAndIntersection() {
    let rect = Rect(x: 0, y: 0, width: 20, height: 10)
    expectEqual(rect.inset(by: 2), Rect(x: 2, y: 2, width: 16, height: 6))
    expectEqual(rect.inset(left: 3), Rect(x: 3, y: 0, width: 17, height: 10))
    expectEqual(rect.centered(width: 6, height: 4), Rect(x: 7, y: 3, width: 6, height: 4))
    expectEqual(rect.centered(width: 30, height: 4).width, 20)
    expectEqual(
      rect.intersection(Rect(x: 15, y: 8, width: 10, height: 10)),
      Rect(x: 15, y: 8, width: 5, height: 2))
    #expect(rect.intersection(Rect(x: 30, y: 0, width: 5, height: 5)).isEmpty)
  }

  @Test func borderWithTitle() {
    var buffer = ScreenBuffer(width: 12, height: 4)
    let inside = buffer.drawBorder(buffer.bounds, title: "Friends")
    expectEqual(inside, Rect(x: 1, y: 1, width: 10, height: 2))
    expectEqual(
      buffer.lines,
      [
        "┌─ Friends ┐",
        "│          │",
        "│          │",
        "└──────────┘",
      ])
  }

  @Test func longBorderTitleIsCut() {
    var buffer = ScreenBuffer(width: 10, height: 3)
    buffer.drawBorder(buffer.bounds, title: "Very long title", characters: .rounded)
    expectEqual(buffer.lines, ["╭─ Very… ╮", "│        │", "╰────────╯"])
  }

  @Test func vStackPlacesChildrenInRows() {
    var buffer = ScreenBuffer(width: 8, height: 5)
    let stack = VStack(
      spacing: 1,
      [
        (.fixed(1), Label("Title", alignment: .center)),
        (.fill, Label("Body")),
        (.fixed(1), Label("End", alignment: .trailing)),
      ])
    stack.render(into: &buffer, rect: buffer.bounds)
    expectEqual(buffer.lines, [" Title  ", "        ", "Body    ", "        ", "     End"])
  }
}
