/// A scrolling list of one-line rows with a selection.
///
/// Keys: Up, Down, Home, End, Page Up, Page Down; `itemIndex(atRow:in:)` finds the row a
/// click fell on and `move(by:visibleRows:)` follows the wheel. The caller passes the number of visible
/// rows to `handle`, so paging and scrolling match what is drawn; `render` also keeps the
/// selection visible on its own (after a resize) without changing the state.
public struct ListView: Widget, Sendable, Hashable {
  /// The rows' text, top first.
  public var items: [String] {
    didSet { clampSelection() }
  }
  /// The selected row, `nil` when the list is empty.
  public var selectedIndex: Int? {
    didSet { clampSelection() }
  }
  /// The first visible row.
  public var scrollOffset: Int
  /// Shown when there are no items.
  public var placeholder: String
  /// Whether the list has focus (selection drawn reversed rather than bold).
  public var isFocused: Bool
  /// Drawn before the selected row (other rows get as many spaces), so the selection shows
  /// without any style too, as in a copy of the screen: `"› "`. Empty by default.
  public var marker: String

  /// Creates a list; the first item is selected.
  public init(
    items: [String] = [], placeholder: String = "No items", isFocused: Bool = false,
    marker: String = ""
  ) {
    self.items = items
    self.selectedIndex = items.isEmpty ? nil : 0
    self.scrollOffset = 0
    self.placeholder = placeholder
    self.isFocused = isFocused
    self.marker = marker
  }

  /// The selected item's text.
  public var selectedItem: String? { selectedIndex.map { items[$0] } }

  /// Replaces the rows and keeps the selected item selected, wherever it moved: `ids` name
  /// the new rows in order and `previousIDs` the rows shown until now. When the selected item
  /// is gone, the selection stays at its row (or the last one).
  public mutating func replaceItems<ID: Equatable>(
    _ newItems: [String], ids: [ID], previousIDs: [ID]
  ) {
    let selectedID = selectedIndex.flatMap {
      previousIDs.indices.contains($0) ? previousIDs[$0] : nil
    }
    items = newItems
    if let selectedID, let index = ids.firstIndex(of: selectedID) { selectedIndex = index }
  }

  /// Moves the selection for a navigation key and scrolls it into view; returns `true` when
  /// the key was a navigation key.
  public mutating func handle(_ key: Key, visibleRows: Int) -> Bool {
    let page = max(1, visibleRows - 1)
    let last = items.count - 1
    let current = selectedIndex ?? 0
    let target: Int
    switch key {
    case .up: target = current - 1
    case .down: target = current + 1
    case .home: target = 0
    case .end: target = last
    case .pageUp: target = current - page
    case .pageDown: target = current + page
    default: return false
    }
    guard !items.isEmpty else { return true }
    selectedIndex = min(max(0, target), last)
    scrollToSelection(visibleRows: visibleRows)
    return true
  }

  /// Adjusts `scrollOffset` as little as possible so the selection is among `visibleRows`.
  public mutating func scrollToSelection(visibleRows: Int) {
    scrollOffset = offset(visibleRows: visibleRows)
  }

  /// The item drawn on row `y` by `render(into:rect:theme:)` in `rect`, for a click there;
  /// `nil` when no item is drawn on that row.
  public func itemIndex(atRow y: Int, in rect: Rect) -> Int? {
    guard y >= rect.y, y < rect.maxY, !items.isEmpty else { return nil }
    let index = offset(visibleRows: rect.height) + (y - rect.y)
    return items.indices.contains(index) ? index : nil
  }

  /// Moves the selection `rows` rows down (up when negative), as the mouse wheel does, and
  /// scrolls it into view.
  public mutating func move(by rows: Int, visibleRows: Int) {
    guard let current = selectedIndex else { return }
    selectedIndex = min(max(0, current + rows), items.count - 1)
    scrollToSelection(visibleRows: visibleRows)
  }

  /// Draws the visible rows (or the placeholder), the selection highlighted across the width.
  public func render(into buffer: inout ScreenBuffer, rect: Rect, theme: Theme) {
    guard !rect.isEmpty else { return }
    guard !items.isEmpty else {
      buffer.write(placeholder, in: rect.row(0), style: theme.secondary)
      return
    }
    let first = offset(visibleRows: rect.height)
    let blank = String(repeating: " ", count: marker.displayWidth)
    for (row, index) in (first..<min(items.count, first + rect.height)).enumerated() {
      let line = rect.row(row)
      if index == selectedIndex {
        let style = isFocused ? theme.selection : theme.inactiveSelection
        buffer.fill(line, style: style)
        buffer.write(marker + items[index], in: line, style: style)
      } else {
        buffer.write(blank + items[index], in: line, style: theme.text)
      }
    }
  }

  /// The first row to draw so the selection is visible, staying close to `scrollOffset`.
  private func offset(visibleRows: Int) -> Int {
    let rows = max(1, visibleRows)
    var offset = min(scrollOffset, max(0, items.count - rows))
    if let selectedIndex {
      offset = min(offset, selectedIndex)
      offset = max(offset, selectedIndex - rows + 1)
    }
    return max(0, offset)
  }

  private mutating func clampSelection() {
    if items.isEmpty {
      if selectedIndex != nil { selectedIndex = nil }
    } else if let index = selectedIndex, !items.indices.contains(index) {
      selectedIndex = min(max(0, index), items.count - 1)
    } else if selectedIndex == nil {
      selectedIndex = 0
    }
  }
}
