import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// One friend's details, opened from the list or from search: `e` edits, `d` deletes after a confirmation.
/// The details load again whenever the friends change (after an edit, or in another program).
/// A friend that no longer exists goes back, saying so in the status bar.
@MainActor
final class FriendDetailScreen: Screen {
  private let editTaps = PublishRelay<Void>()
  private let deleteTaps = PublishRelay<Void>()
  private var friend: Friend?
  private var isLoading = false
  private var isDeleting = false
  private var failure: String?

  init(host: ScreenHost, id: Int) {
    super.init(host: host)
    let output = FriendDetailViewModel(service: host.services.friends, id: id).transform(
      .init(
        editTaps: editTaps.asObservable(), deleteTaps: deleteTaps.asObservable(),
        refresh: host.services.friends.recordsChanged))
    bind(output.friend) { [unowned self] in friend = $0 }
    bind(output.isLoading) { [unowned self] in isLoading = $0 }
    bind(output.isDeleting) { [unowned self] in isDeleting = $0 }
    // Said over the list this goes back to.
    bind(output.confirmation) { [weak host] in host?.showMessage($0) }
    bind(output.errorMessage) { [unowned self] message in
      // The screen closes as the friend is gone: the list below says it.
      if message == FriendDetailViewModel.noLongerExistsText {
        self.host?.showMessage(message)
      } else {
        failure = message
      }
    }
    forward(output.route)
  }

  override var isBusy: Bool { isLoading }

  override var hints: [KeyHint] {
    [
      KeyHint("e", "edit"), KeyHint("d", "delete"), KeyHint("Esc", "back"), KeyHint("?", "help"),
      KeyHint("q", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [KeyHint("e", "edit this friend"), KeyHint("d", "delete this friend")]
  }

  override func handle(_ key: Key) -> Bool {
    switch key {
    case .character("e"), .enter:
      if friend != nil { editTaps.accept(()) }
    case .character("d"), .delete:
      guard let friend else { return true }
      let dialog = Dialog.deletion(
        DeletionQuestion(recordWord: Friend.recordWord, name: friend.fullName))
      host?.present(dialog, from: self) { [weak self] outcome in
        guard let self, outcome == .confirmed else { return }
        deleteTaps.accept(())
      }
    default: return false
    }
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let rows = rect.inset(top: 1, left: 2).rows(Array(repeating: .fixed(1), count: 6))
    if let friend {
      let fields = [("Name", friend.fullName), ("Phone", friend.phoneNumber)]
      for (row, (label, value)) in zip(rows, fields) {
        let parts = row.columns([.fixed(12), .fill])
        buffer.write(label, in: parts[0], style: theme.secondary)
        buffer.write(value, in: parts[1], style: theme.text)
      }
    }
    if isLoading {
      Spinner(label: isDeleting ? "Deleting…" : "Loading…", frames: [context.spinnerFrame])
        .render(into: &buffer, rect: rows[3], theme: theme)
    } else if let failure {
      buffer.write(failure, in: rows[3], style: theme.failure)
    }
  }
}
