import Navigator
import ReactiveCore
import TerminalUI
import ViewModels

/// The home: who is logged in and every registered feature (`Feature.all`), each with the key
/// that opens it. Enter opens the selected one; `L` logs out.
@MainActor
final class HomeScreen: Screen {
  private let open = PublishRelay<Int>()
  private let keys = PublishRelay<String>()
  private var entries: [HomeEntry] = []
  private var greeting = ""
  private var summary = ""
  private var list = ListView(placeholder: "", isFocused: true, marker: "› ")
  private var visibleRows = 1

  /// Creates the home over the features to list, in order.
  init(host: ScreenHost, features: [Feature]) {
    super.init(host: host)
    let output = HomeViewModel(entries: features.map(\.entry), auth: host.services.auth)
      .transform(.init(open: open.asObservable(), keys: keys.asObservable()))
    bind(output.entries) { [unowned self] entries in
      self.entries = entries
      let width = entries.map(\.title.displayWidth).max() ?? 0
      list.items = entries.map { entry in
        let padding = String(repeating: " ", count: width - entry.title.displayWidth)
        return "\(entry.key)  \(entry.title)\(padding)  \(entry.summary)"
      }
    }
    bind(output.greeting) { [unowned self] in greeting = $0 }
    bind(output.summary) { [unowned self] in summary = $0 }
    bind(output.refusal) { [weak host] in host?.showMessage($0) }
    forward(output.route)
  }

  override var hints: [KeyHint] {
    (entries.isEmpty ? [] : [KeyHint("↑↓", "move"), KeyHint("Enter", "open")])
      + [KeyHint("L", "log out"), KeyHint("?", "help"), KeyHint("q", "quit")]
  }

  override var helpKeys: [KeyHint] {
    entries.map { KeyHint($0.key, "open \($0.title)") } + [
      KeyHint("Enter", "open the selected feature"), KeyHint("L", "log out"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    let aliases: [Key: Key] = [
      .character("j"): .down, .character("k"): .up, .character("g"): .home,
      .character("G"): .end,
    ]
    if list.handle(aliases[key] ?? key, visibleRows: visibleRows) { return true }
    switch key {
    case .enter:
      if let index = list.selectedIndex { open.accept(index) }
    case .character("L"): host?.logOut()
    case .character(let letter) where entries.contains { $0.key == String(letter) }:
      keys.accept(String(letter))
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
    let rows = rect.rows([.fixed(1), .fixed(1), .fixed(1), .fill])
    buffer.write(summary, in: rows[0].inset(left: 2), style: theme.title)
    buffer.write(greeting, in: rows[1].inset(left: 2), style: theme.secondary)
    visibleRows = max(1, rows[3].height)
    list.render(into: &buffer, rect: rows[3], theme: theme)
    onClickRows(of: list, in: rows[3]) { [unowned self] in list.selectedIndex = $0 }
  }
}
