import ReactiveCore
import TerminalUI
import ViewModels

/// How a list of posts pages back in time, on the timeline and on a person's posts: moving
/// past the last post (↓ on it, or End/`G`) asks for the page before it; the line above the
/// list says "Loading older posts…" meanwhile, and "No older posts." on the last post once
/// there is nothing older.
@MainActor
struct OlderPosts {
  /// The requests for the page before the oldest post shown, for the view model's input.
  let requests = PublishRelay<Void>()
  /// Whether the page before the oldest post is being fetched, from the view model.
  var isLoading = false
  /// Whether there is nothing older, from the view model.
  var reachedOldest = false

  /// Lets `list` handle `key` (`G` as End), and asks for older posts when that moves past
  /// its last row. Returns whether the list handled the key.
  func handle(_ key: Key, list: inout ListView, visibleRows: Int) -> Bool {
    let key = key == .character("G") ? Key.end : key
    let wasOnLast = list.selectedIndex == list.items.count - 1
    guard list.handle(key, visibleRows: visibleRows) else { return false }
    if !list.items.isEmpty, key == .end || (key == .down && wasOnLast) { requests.accept(()) }
    return true
  }

  /// What the line above `list` says about older posts, if anything.
  func note(for list: ListView) -> String? {
    if isLoading { return "  " + TimelineViewModel.loadingOlderText }
    guard reachedOldest, !list.items.isEmpty, list.selectedIndex == list.items.count - 1 else {
      return nil
    }
    return "  " + TimelineViewModel.noOlderText
  }
}
