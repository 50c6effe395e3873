import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// The people who post: "Loading…" only while they are fetched; Enter opens a person's
/// timeline.
@MainActor
final class PeopleScreen: Screen {
  private let refresh = PublishRelay<Void>()
  private let select = PublishRelay<Person?>()
  private var people: [Person] = []
  private var isLoadingVisible = false
  private var failure: String?
  private var list = ListView(
    placeholder: "  No one has posted yet.", isFocused: true, marker: "› ")
  private var visibleRows = 1

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = PeopleViewModel(service: host.services.timeline).transform(
      .init(refresh: refresh.asObservable(), select: select.asObservable()))
    bind(output.people) { [unowned self] found in
      list.replaceItems(
        found.map(\.name), ids: found.map(\.id), previousIDs: people.map(\.id))
      people = found
      failure = nil
    }
    bind(output.isLoadingVisible) { [unowned self] in isLoadingVisible = $0 }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    forward(output.route)
  }

  override var isBusy: Bool { isLoadingVisible }

  override var hints: [KeyHint] {
    [
      KeyHint("↑↓", "move"), KeyHint("Enter", "open"), KeyHint("r", "refresh"),
      KeyHint("Esc", "back"), KeyHint("?", "help"), KeyHint("q", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [KeyHint("Enter", "this person's posts"), KeyHint("r", "refresh")]
  }

  override func handle(_ key: Key) -> Bool {
    if list.handle(key, visibleRows: visibleRows) { return true }
    switch key {
    case .enter: select.accept(list.selectedIndex.map { people[$0] })
    case .character("r"): refresh.accept(())
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
    if isLoadingVisible {
      Spinner(label: PeopleViewModel.loadingText, frames: [context.spinnerFrame])
        .render(into: &buffer, rect: rows[0].inset(left: 2), theme: theme)
    } else if let failure {
      buffer.write("  " + failure, in: rows[0], style: theme.failure)
    } else {
      let count = people.count == 1 ? "1 person" : "\(people.count) people"
      buffer.write("  " + count, in: rows[0], style: theme.title)
    }
    visibleRows = max(1, rows[2].height)
    if !isLoadingVisible {
      list.render(into: &buffer, rect: rows[2], theme: theme)
      onClickRows(of: list, in: rows[2]) { [unowned self] in list.selectedIndex = $0 }
    }
  }
}
