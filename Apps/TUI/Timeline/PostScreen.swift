import Foundation
import Models
import ReactiveCore
import TerminalText
import TerminalUI
import ViewModels

/// One post, whole: the author, the full date, and all of the text, wrapped to the width, its
/// lines kept and its control characters shown escaped; ↑↓ scroll a text taller than the
/// screen, `a` opens the author's posts.
@MainActor
final class PostScreen: Screen {
  private let authorTaps = PublishRelay<Void>()
  private var author = ""
  private var date: Date?
  private var text = ""
  private var scroll = 0
  private var visibleRows = 1

  init(host: ScreenHost, post: Post) {
    super.init(host: host)
    let output = PostViewModel(post: post).transform(.init(authorTaps: authorTaps.asObservable()))
    bind(output.author) { [unowned self] in author = $0 }
    bind(output.date) { [unowned self] in date = $0 }
    bind(output.text) { [unowned self] in text = $0 }
    forward(output.route)
  }

  override var hints: [KeyHint] {
    [
      KeyHint("↑↓", "scroll"), KeyHint("a", "author's posts"), KeyHint("Esc", "back"),
      KeyHint("?", "help"), KeyHint("q", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [KeyHint("↑↓", "scroll a long post"), KeyHint("a", "all posts of the author")]
  }

  override func handle(_ key: Key) -> Bool {
    switch key {
    case .down, .character("j"): scroll += 1
    case .up, .character("k"): scroll = max(0, scroll - 1)
    case .pageDown: scroll += max(1, visibleRows - 1)
    case .pageUp: scroll = max(0, scroll - max(1, visibleRows - 1))
    case .character("a"): authorTaps.accept(())
    default: return false
    }
    return true
  }

  /// The text's lines at `width`: each of its own lines wrapped, control characters escaped.
  private func lines(width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      let shown = String(line).escapingControlCharacters()
      return shown.isEmpty ? [""] : shown.wrapped(toWidth: width)
    }
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let body = rect.inset(left: 2).inset(right: 2)
    let rows = body.rows([.fixed(1), .fixed(1), .fixed(1), .fill])
    buffer.write(author.escapingControlCharacters(), in: rows[0], style: theme.title)
    if let date, let dates = host?.dates {
      buffer.write(dates.longString(from: date), in: rows[1], style: theme.secondary)
    }
    let lines = lines(width: max(1, rows[3].width))
    visibleRows = max(1, rows[3].height)
    scroll = min(scroll, max(0, lines.count - visibleRows))
    let shown = lines.dropFirst(scroll).prefix(visibleRows)
    for (row, line) in zip(rows[3].rows(Array(repeating: .fixed(1), count: shown.count)), shown) {
      buffer.write(line, in: row, style: theme.text)
    }
    if scroll + visibleRows < lines.count {
      let marker = "↓ more"
      buffer.write(
        marker, in: rows[1].inset(left: max(0, rows[1].width - marker.displayWidth)),
        style: theme.secondary)
    }
  }
}
