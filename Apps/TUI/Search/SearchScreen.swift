import Foundation
import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// Search as you type: the view model debounces, skips repeats and short queries, and cancels
/// older searches, and says what the results area shows; this screen shows the field, a
/// spinner, and that status. Results follow the data: they are searched again when what a
/// search finds changes (here or in another program). Enter opens the friend chosen where
/// the app's links lead.
@MainActor
final class SearchScreen: Screen {
  private let query = FormField(label: "Search", placeholder: "part of a name")
  private let select = PublishRelay<Friend>()
  private var results: [Friend] = []
  private var status = SearchViewModel.Status.tooShort
  private var isSearching = false
  private var list = ListView(isFocused: true, marker: "› ")
  private var visibleRows = 1
  /// The name column's width, fitted to the width last drawn in.
  private var nameWidth = Rows.nameWidth

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = SearchViewModel(
      service: host.services.search, scheduler: host.scheduler, retry: .standard
    ).transform(
      .init(
        query: query.text.asObservable(), select: select.asObservable(),
        refresh: host.services.searchResultsChanged))
    bind(output.status) { [unowned self] status in
      self.status = status
      let found: [Friend]
      if case .found(let friends) = status { found = friends } else { found = [] }
      if found != results {
        // The selection stays on its friend when others arrive above it.
        list.replaceItems(
          found.map { Rows.friend($0, nameWidth: nameWidth) }, ids: found.map(\.id),
          previousIDs: results.map(\.id))
        results = found
      }
    }
    bind(output.isSearching) { [unowned self] in isSearching = $0 }
    forward(output.route)
  }

  override var isBusy: Bool { isSearching }

  override var isEditingText: Bool { true }

  override var hints: [KeyHint] {
    [
      KeyHint("↑↓", "choose"), KeyHint("Enter", "open"), KeyHint("Esc", "back"),
      KeyHint("Ctrl-C", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("type", "search (2 or more characters)"), KeyHint("↑ ↓", "choose a result"),
      KeyHint("Enter", "open the chosen friend"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    if list.handle(key, visibleRows: visibleRows) { return true }
    if key == .enter {
      if let index = list.selectedIndex, results.indices.contains(index) {
        select.accept(results[index])
      }
      return true
    }
    return query.handle(key)
  }

  override func scroll(by rows: Int) -> Bool {
    guard !list.items.isEmpty else { return false }
    list.move(by: rows, visibleRows: visibleRows)
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let rows = rect.inset(top: 1).rows([.fixed(1), .fixed(1), .fixed(1), .fill])
    let fieldRow = rows[0].inset(left: 2)
    let fieldWidth = min(48, fieldRow.width)
    query.render(
      into: &buffer, rect: Rect(x: fieldRow.x, y: fieldRow.y, width: fieldWidth, height: 1),
      labelWidth: 8, isFocused: true, theme: theme)
    visibleRows = max(1, rows[3].height)
    // Below 80 columns the names are cut before the phone numbers.
    let fitted = Rows.nameWidth(
      fitting: rows[3].width - list.marker.displayWidth, friends: results)
    if fitted != nameWidth {
      nameWidth = fitted
      list.items = results.map { Rows.friend($0, nameWidth: nameWidth) }
    }
    switch status {
    case .searching:
      Spinner(label: SearchViewModel.searchingText, frames: [context.spinnerFrame])
        .render(into: &buffer, rect: rows[2].inset(left: 2), theme: theme)
    case .found(let friends):
      if isSearching {
        Spinner(label: SearchViewModel.searchingText, frames: [context.spinnerFrame])
          .render(into: &buffer, rect: fieldRow.inset(left: fieldWidth + 2), theme: theme)
      }
      let count = friends.count == 1 ? "1 friend" : "\(friends.count) friends"
      buffer.write("  " + count, in: rows[2], style: theme.title)
      list.render(into: &buffer, rect: rows[3], theme: theme)
      onClickRows(of: list, in: rows[3]) { [unowned self] in list.selectedIndex = $0 }
    case .failed(let message):
      buffer.write("  " + message, in: rows[2], style: theme.failure)
    case .tooShort, .noMatches:
      buffer.write("  " + (status.text ?? ""), in: rows[2], style: theme.secondary)
    }
  }
}
