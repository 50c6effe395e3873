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

  /// Lets `owner`'s list at `list` handle `key` (`G` as End), and asks for older posts when
  /// that moves past its last row. Returns whether the list handled the key.
  ///
  /// The list is read, moved and stored back before the request is sent, not held `inout`
  /// across it: a backend that answers at once delivers the older posts during the request,
  /// and the screen then changes the same list.
  func handle<Owner: AnyObject>(
    _ key: Key, list: ReferenceWritableKeyPath<Owner, ListView>, of owner: Owner,
    visibleRows: Int
  ) -> Bool {
    let key = key == .character("G") ? Key.end : key
    var moved = owner[keyPath: list]
    let wasOnLast = moved.selectedIndex == moved.items.count - 1
    guard moved.handle(key, visibleRows: visibleRows) else { return false }
    owner[keyPath: list] = moved
    if !moved.items.isEmpty, key == .end || (key == .down && wasOnLast) { requests.accept(()) }
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
