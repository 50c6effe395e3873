import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// The timeline: posts from the post cache, refreshed on the view model's timer while not
/// paused (`p`), with a banner while no one is logged in or when the latest fetch failed;
/// "Loading…" until the first fetch ends; Enter opens the selected post whole, `P` the people.
/// Moving past the last post (↓ on it, or End/`G`) fetches the page before it, saying
/// "Loading older posts…" meanwhile and "No older posts." once there is nothing older.
@MainActor
final class TimelineScreen: Screen {
  private let paused = BehaviorRelay(value: false)
  private let peopleTaps = PublishRelay<Void>()
  private let openedPosts = PublishRelay<Post>()
  private var older = OlderPosts()
  private var posts: [Post] = []
  private var isLoggedIn = true
  private var isFetching = false
  private var failure: String?
  private static let noPosts = "  No posts yet."
  private var list = ListView(placeholder: noPosts, isFocused: true, marker: "› ")
  private var visibleRows = 1
  /// The width of the rows, fitted to the width last drawn in.
  private var rowWidth = 78

  override init(host: ScreenHost) {
    super.init(host: host)
    let services = host.services
    let output = TimelineViewModel(
      account: services.auth.accountStatus, service: services.timeline,
      cache: services.postCache, scheduler: host.scheduler
    ).transform(
      .init(
        paused: paused.asObservable(), peopleTaps: peopleTaps.asObservable(),
        openedPosts: openedPosts.asObservable(), loadOlder: older.requests.asObservable()))
    bind(output.posts) { [unowned self] snapshot in show(snapshot.elements) }
    bind(output.loggedIn) { [unowned self] in isLoggedIn = $0 }
    bind(output.isFetching) { [unowned self] in isFetching = $0 }
    bind(output.isLoading) { [unowned self] loading in
      list.placeholder = loading ? "  " + TimelineViewModel.loadingText : Self.noPosts
    }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.isLoadingOlder) { [unowned self] in older.isLoading = $0 }
    bind(output.reachedOldest) { [unowned self] in older.reachedOldest = $0 }
    forward(output.route)
  }

  /// Shows `newPosts`, keeping the selected post selected, or the newest when the newest was.
  private func show(_ newPosts: [Post]) {
    let selectedId = list.selectedIndex.flatMap { $0 == 0 ? nil : posts[$0].id }
    posts = newPosts
    list.items = rowTexts()
    if let selectedId, let index = newPosts.firstIndex(where: { $0.id == selectedId }) {
      list.selectedIndex = index
    }
  }

  private func rowTexts() -> [String] {
    let dates = host?.dates
    return posts.map { post in
      dates.map { Rows.post(post, dates: $0, width: rowWidth) } ?? post.text
    }
  }

  override var isBusy: Bool { isFetching }

  override var hints: [KeyHint] {
    [
      KeyHint("↑↓", "scroll"), KeyHint("Enter", "read"),
      KeyHint("p", paused.value ? "resume" : "pause"), KeyHint("P", "people"),
      KeyHint("Esc", "back"), KeyHint("?", "help"), KeyHint("q", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "read the selected post whole"), KeyHint("p", "pause or resume the refresh"),
      KeyHint("P", "people who post"), KeyHint("End", "fetch older posts"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    if older.handle(key, list: \.list, of: self, visibleRows: visibleRows) { return true }
    switch key {
    case .character("p"): paused.accept(!paused.value)
    case .character("P"): peopleTaps.accept(())
    case .enter:
      guard let index = list.selectedIndex, posts.indices.contains(index) else { return false }
      openedPosts.accept(posts[index])
    default: return false
    }
    return true
  }

  override func scroll(by rows: Int) -> Bool {
    guard !list.items.isEmpty else { return false }
    list.move(by: rows, visibleRows: visibleRows)
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let rows = rect.rows([.fixed(1), .fixed(1), .fill])
    let interval = Int(TimelineViewModel.defaultInterval.seconds)
    let state =
      paused.value
      ? "⏸ Paused: press p to resume"
      : "▶ Live: checks for new posts every \(interval) s"
    let count = posts.count == 1 ? "1 post" : "\(posts.count) posts"
    buffer.write("  \(state)  ·  \(count)", in: rows[0], style: theme.title)
    if isFetching {
      let label = "Fetching…"
      Spinner(label: label, frames: [context.spinnerFrame])
        .render(
          into: &buffer, rect: rows[0].inset(left: max(0, rows[0].width - label.displayWidth - 2)),
          theme: theme)
    }
    if !isLoggedIn {
      Banner("Not logged in: new posts are not fetched", kind: .warning)
        .render(into: &buffer, rect: rows[1], theme: theme)
    } else if let failure {
      Banner(failure, kind: .error).render(into: &buffer, rect: rows[1], theme: theme)
    } else if let note = older.note(for: list) {
      buffer.write(note, in: rows[1], style: theme.secondary)
    }
    visibleRows = max(1, rows[2].height)
    let fitted = rows[2].width - list.marker.displayWidth
    if fitted != rowWidth {
      rowWidth = fitted
      list.items = rowTexts()
    }
    list.render(into: &buffer, rect: rows[2], theme: theme)
    onClickRows(of: list, in: rows[2]) { [unowned self] in list.selectedIndex = $0 }
  }
}
