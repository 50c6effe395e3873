import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// One person's posts, newest first, accumulating while the screen is shown; the title is
/// "None found" until posts arrive; a banner says when the latest fetch failed; Enter reads the
/// selected post whole; moving past the last post fetches older ones (see ``OlderPosts``).
@MainActor
final class PersonTimelineScreen: Screen {
  private let paused = BehaviorRelay(value: false)
  private let openedPosts = PublishRelay<Post>()
  private var posts: [Post] = []
  private var title = PersonTimelineViewModel.noneFound
  private var isFetching = false
  private var failure: String?
  private var list = ListView(isFocused: true, marker: "› ")
  private var older = OlderPosts()
  private var visibleRows = 1
  /// The width of the rows, fitted to the width last drawn in.
  private var rowWidth = 78

  init(host: ScreenHost, person: Person) {
    super.init(host: host)
    let output = PersonTimelineViewModel(
      person: person, account: host.services.auth.accountStatus,
      service: host.services.timeline, scheduler: host.scheduler
    ).transform(
      .init(
        paused: paused.asObservable(), openedPosts: openedPosts.asObservable(),
        loadOlder: older.requests.asObservable()))
    bind(output.posts) { [unowned self] newPosts in
      let previousIDs = posts.map(\.id)
      posts = newPosts
      list.replaceItems(rowTexts(), ids: newPosts.map(\.id), previousIDs: previousIDs)
    }
    bind(output.title) { [unowned self] in title = $0 }
    bind(output.isFetching) { [unowned self] in isFetching = $0 }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.isLoadingOlder) { [unowned self] in older.isLoading = $0 }
    bind(output.reachedOldest) { [unowned self] in older.reachedOldest = $0 }
    forward(output.route)
  }

  private func rowTexts() -> [String] {
    let dates = host?.dates
    return posts.map { post in
      dates.map { Rows.post(post, dates: $0, showsAuthor: false, width: rowWidth) } ?? post.text
    }
  }

  override var isBusy: Bool { isFetching }

  override var hints: [KeyHint] {
    [
      KeyHint("↑↓", "scroll"), KeyHint("Enter", "read"),
      KeyHint("p", paused.value ? "resume" : "pause"), KeyHint("Esc", "back"),
      KeyHint("?", "help"), KeyHint("q", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "read the selected post whole"), KeyHint("p", "pause or resume the refresh"),
      KeyHint("End", "fetch older posts"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    if older.handle(key, list: \.list, of: self, visibleRows: visibleRows) { return true }
    switch key {
    case .character("p"): paused.accept(!paused.value)
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
    let state = paused.value ? "  ·  ⏸ Paused" : ""
    buffer.write("  " + title + state, in: rows[0], style: theme.title)
    if isFetching {
      let label = "Fetching…"
      Spinner(label: label, frames: [context.spinnerFrame])
        .render(
          into: &buffer, rect: rows[0].inset(left: max(0, rows[0].width - label.displayWidth - 2)),
          theme: theme)
    }
    if let failure {
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
    if !posts.isEmpty { list.render(into: &buffer, rect: rows[2], theme: theme) }
    onClickRows(of: list, in: rows[2]) { [unowned self] in list.selectedIndex = $0 }
  }
}
