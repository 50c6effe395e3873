import Foundation
import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// Search as you type: the view model debounces, skips repeats and short queries, and cancels
/// older searches; this screen shows the field, a spinner, the results and failures.
@MainActor
final class SearchScreen: Screen {
  private let query = FormField(label: "Search", placeholder: "part of a name")
  private let select = PublishRelay<Friend>()
  private var results: [Friend] = []
  private var hasResults = false
  private var isSearching = false
  private var failure: String?
  private var list = ListView(isFocused: true, marker: "› ")
  private var visibleRows = 1

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = SearchViewModel(
      service: host.services.search, scheduler: host.scheduler, retry: .standard
    ).transform(.init(query: query.text.asObservable(), select: select.asObservable()))
    bind(output.results) { [unowned self] found in
      results = found
      hasResults = true
      failure = nil
      list.items = found.map { Rows.friend($0) }
    }
    bind(output.isSearching) { [unowned self] in isSearching = $0 }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
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

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let rows = rect.inset(top: 1).rows([.fixed(1), .fixed(1), .fixed(1), .fill])
    let fieldRow = rows[0].inset(left: 2)
    let fieldWidth = min(48, fieldRow.width)
    query.render(
      into: &buffer, rect: Rect(x: fieldRow.x, y: fieldRow.y, width: fieldWidth, height: 1),
      labelWidth: 8, isFocused: true, theme: theme)
    if isSearching {
      Spinner(label: "Searching…", frames: [context.spinnerFrame])
        .render(into: &buffer, rect: fieldRow.inset(left: fieldWidth + 2), theme: theme)
    }
    visibleRows = max(1, rows[3].height)
    let typed = query.value.trimmingCharacters(in: .whitespaces)
    if let failure {
      buffer.write("  " + failure, in: rows[2], style: theme.failure)
    } else if typed.count < SearchViewModel.minimumQueryLength {
      buffer.write("  Type at least 2 characters.", in: rows[2], style: theme.secondary)
    } else if hasResults && results.isEmpty {
      buffer.write("  No friend matches.", in: rows[2], style: theme.secondary)
    } else if !results.isEmpty {
      let count = results.count == 1 ? "1 friend" : "\(results.count) friends"
      buffer.write("  " + count, in: rows[2], style: theme.title)
      list.render(into: &buffer, rect: rows[3], theme: theme)
    }
  }
}
