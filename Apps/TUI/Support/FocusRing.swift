import TerminalUI

/// The focusable parts of a screen, in Tab order, and which one has focus.
struct FocusRing<Item: Equatable> {
  /// The parts, in Tab order.
  let items: [Item]
  /// The focused part's index.
  private(set) var index = 0

  /// Creates a ring with the first part focused.
  init(_ items: [Item]) {
    precondition(!items.isEmpty, "a focus ring needs at least one item")
    self.items = items
  }

  /// The focused part.
  var current: Item { items[index] }

  /// Moves focus to the next part, wrapping around.
  mutating func next() {
    index = (index + 1) % items.count
  }

  /// Moves focus to the previous part, wrapping around.
  mutating func previous() {
    index = (index + items.count - 1) % items.count
  }

  /// Moves focus to `item` (no change when it is not in the ring).
  mutating func focus(_ item: Item) {
    if let found = items.firstIndex(of: item) { index = found }
  }

  /// Handles Tab, Shift-Tab, Up and Down; returns whether the key moved focus.
  mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .tab, .down: next()
    case .backTab, .up: previous()
    default: return false
    }
    return true
  }
}
