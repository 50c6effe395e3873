import Models
import Navigator
import ReactiveCore
import TerminalUI
import ViewModels

/// The friends list: rows from the view model's cells (friends, "No data available", or the
/// error), with keys to open a friend's details, edit, add, delete (after a confirmation, then
/// saying whom), refresh, find a friend and see the friends' activity (where the app's links
/// lead them, offered only when they lead somewhere) and log out. Alerts show as dialogs. The
/// friend the view model selects (one a form just saved) is selected once the list shows it.
///
/// A failed load shows the view model's `loadFailure` once, wrapped, above the friends already
/// shown (which stay), until a load succeeds; the view model loads again by itself.
@MainActor
final class FriendsListScreen: Screen {
  private let refresh = PublishRelay<Void>()
  private let delete = PublishRelay<FriendCellViewModel>()
  private let select = PublishRelay<FriendCellViewModel>()
  private let open = PublishRelay<FriendCellViewModel>()
  private let addTaps = PublishRelay<Void>()
  private let findTaps = PublishRelay<Void>()
  private let activityTaps = PublishRelay<Void>()

  private var cells: [FriendCellType] = []
  private var hasLoaded = false
  private var isLoading = false
  private var list = ListView(isFocused: true, marker: "› ")
  private var visibleRows = 1
  /// A friend to select as soon as the list shows them (one just added).
  private var pendingSelection: Int?
  /// The name column's width, fitted to the width last drawn in.
  private var nameWidth = Rows.nameWidth
  /// Why the last load failed and when it is tried again, while no later load succeeded.
  private var loadFailure: FriendsListViewModel.LoadFailure?

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = FriendsListViewModel(service: host.services.friends, scheduler: host.scheduler)
      .transform(
        .init(
          refresh: refresh.asObservable(), delete: delete.asObservable(),
          select: select.asObservable(), open: open.asObservable(), addTaps: addTaps.asObservable(),
          findTaps: findTaps.asObservable(), activityTaps: activityTaps.asObservable(),
          results: handedBack.asObservable()))
    bind(output.alert) { [unowned self] alert in
      presentAlert(title: alert.title, message: alert.message, button: alert.button)
    }
    bind(output.loadFailure) { [unowned self] in loadFailure = $0 }
    bind(output.isLoading) { [unowned self] in isLoading = $0 }
    bind(output.cells) { [unowned self] in show($0) }
    bind(output.confirmation) { [weak host] in host?.showMessage($0) }
    bind(output.selection) { [unowned self] in select(id: $0) }
    forward(output.route)
  }

  /// The friends shown, in order.
  private var friends: [FriendCellViewModel] {
    cells.compactMap { if case .normal(let cell) = $0 { cell } else { nil } }
  }

  private var selectedFriend: FriendCellViewModel? {
    guard let index = list.selectedIndex, friends.indices.contains(index) else { return nil }
    return friends[index]
  }

  private func show(_ newCells: [FriendCellType]) {
    // The friends already shown stay, under the view model's message.
    if case .error = newCells.first, !friends.isEmpty { return }
    let selectedId = selectedFriend?.friend.id
    cells = newCells
    hasLoaded = true
    list.items = friends.map { Rows.friend($0.friend, nameWidth: nameWidth) }
    if let selectedId, let index = friends.firstIndex(where: { $0.friend.id == selectedId }) {
      list.selectedIndex = index
    }
    selectPending()
  }

  /// Selects the friend with `id` now if the list shows them, else once it does.
  private func select(id: Int) {
    pendingSelection = id
    selectPending()
  }

  private func selectPending() {
    guard let id = pendingSelection,
      let index = friends.firstIndex(where: { $0.friend.id == id })
    else { return }
    pendingSelection = nil
    list.selectedIndex = index
    list.scrollToSelection(visibleRows: visibleRows)
  }

  override var isBusy: Bool { isLoading }

  /// What the app calls the scene `route` leads to, for a key's hint, or `nil` when it leads
  /// nowhere in this app.
  private func destination(_ route: FriendsOutward) -> String? {
    host?.scene(shownBy: Route(outward: route))?.title.lowercased()
  }

  override var hints: [KeyHint] {
    // Moving, opening and deleting need a friend: not offered once the list loaded empty.
    let hasFriends = !cells.contains { if case .empty = $0 { true } else { false } }
    return [
      hasFriends ? KeyHint("↑↓", "move") : nil, hasFriends ? KeyHint("Enter", "open") : nil,
      KeyHint("a", "add"), hasFriends ? KeyHint("d", "delete") : nil,
      destination(.find).map { KeyHint("/", $0) }, destination(.activity).map { KeyHint("t", $0) },
      KeyHint("?", "help"), KeyHint("q", "quit"),
    ].compactMap { $0 }
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "open the selected friend"),
      KeyHint("e", "edit the selected friend"), KeyHint("a", "add a friend"),
      KeyHint("d", "delete the selected friend"), KeyHint("r", "refresh"),
      destination(.find).map { KeyHint("/", $0) }, destination(.activity).map { KeyHint("t", $0) },
      KeyHint("L", "log out"),
    ].compactMap { $0 }
  }

  override func handle(_ key: Key) -> Bool {
    // The vi keys move too: j and k down and up, g and G to the first and the last.
    let aliases: [Key: Key] = [
      .character("j"): .down, .character("k"): .up, .character("g"): .home,
      .character("G"): .end,
    ]
    if list.handle(aliases[key] ?? key, visibleRows: visibleRows) { return true }
    switch key {
    case .enter:
      if let friend = selectedFriend { open.accept(friend) }
    case .character("e"):
      if let friend = selectedFriend { select.accept(friend) }
    case .character("a"): addTaps.accept(())
    case .character("d"), .delete: confirmDeletion()
    case .character("r"): refresh.accept(())
    case .character("/"): findTaps.accept(())
    case .character("t"): activityTaps.accept(())
    case .character("L"): host?.logOut()
    default: return false
    }
    return true
  }

  private func confirmDeletion() {
    guard let friend = selectedFriend else { return }
    let dialog = Dialog.deletion(
      DeletionQuestion(recordWord: Friend.recordWord, name: friend.fullName))
    host?.present(dialog, from: self) { [weak self] outcome in
      if outcome == .confirmed { self?.delete.accept(friend) }
    }
  }

  override func scroll(by rows: Int) -> Bool {
    guard !list.items.isEmpty else { return false }
    list.move(by: rows, visibleRows: visibleRows)
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    var failureLines: [String] = []
    if let loadFailure {
      failureLines = "\(loadFailure.text). \(loadFailure.retry); r tries now."
        .wrapped(toWidth: max(1, rect.width - 2))
    }
    // The count, the failure (with a blank row after it) or a blank row, the column names,
    // the friends.
    let rows = rect.rows([
      .fixed(1), .fixed(failureLines.isEmpty ? 1 : failureLines.count + 1), .fixed(1), .fill,
    ])
    for (index, line) in failureLines.enumerated() {
      buffer.write("  " + line, in: rows[1].row(index), style: theme.failure)
    }
    let listRect = rows[3]
    visibleRows = max(1, listRect.height)
    // Below 80 columns the names are cut before the phone numbers.
    let fitted = Rows.nameWidth(
      fitting: listRect.width - list.marker.displayWidth, friends: friends.map(\.friend))
    if fitted != nameWidth {
      nameWidth = fitted
      list.items = friends.map { Rows.friend($0.friend, nameWidth: nameWidth) }
    }
    if hasLoaded, !friends.isEmpty {
      var count = friends.count == 1 ? "1 friend" : "\(friends.count) friends"
      if friends.count > visibleRows, let index = list.selectedIndex {
        // Not every friend fits: say where the selection is.
        count += "  ·  \(index + 1)/\(friends.count)"
      }
      buffer.write(count, in: rows[0].inset(left: 2), style: theme.title)
      if isLoading {
        let label = "Refreshing…"
        let width = label.displayWidth + 2
        Spinner(label: label, frames: [context.spinnerFrame]).render(
          into: &buffer, rect: rows[0].inset(left: max(0, rows[0].width - width)), theme: theme)
      }
    } else if isLoading {
      Spinner(label: hasLoaded ? "Refreshing…" : "Loading friends…", frames: [context.spinnerFrame])
        .render(into: &buffer, rect: rows[0].inset(left: 2), theme: theme)
    }
    switch cells.first {
    case .error:
      break  // The message is above.
    case .empty:
      // The cell says "No data available" (as the seed's list does); the screen can say more.
      buffer.write("  No friends yet. Press a to add one.", in: rows[2], style: theme.secondary)
    case .normal:
      let header = "  " + Rows.padded("Name", to: nameWidth) + "  Phone"
      buffer.write(header, in: rows[2], style: theme.secondary.bold())
      list.render(into: &buffer, rect: listRect, theme: theme)
      onClickRows(of: list, in: listRect) { [unowned self] in list.selectedIndex = $0 }
    case nil:
      break
    }
  }
}
