import Models
import Navigator
import ReactiveCore
import ViewModels
import WebUI

/// The friends list: a link to each friend's details, with edit and delete (after a
/// confirmation on the page, then saying whom), add, refresh, and the links out of the
/// feature that lead somewhere in this front. It follows the data as it changes, also when
/// another program changes it; a failed load says so above the friends already shown.
@MainActor
final class FriendsListPage: WebScreen {
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
  private var loadFailure: FriendsListViewModel.LoadFailure?
  private var alert: String?
  /// The friend whose deletion waits for the user's answer.
  private var deletion: FriendCellViewModel?

  override init(host: WebScreenHost) {
    super.init(host: host)
    let output = FriendsListViewModel(service: host.services.friends, scheduler: host.scheduler)
      .transform(
        .init(
          refresh: refresh.asObservable(), delete: delete.asObservable(),
          select: select.asObservable(), open: open.asObservable(), addTaps: addTaps.asObservable(),
          findTaps: findTaps.asObservable(), activityTaps: activityTaps.asObservable(),
          results: handedBack.asObservable()))
    bind(output.alert) { [unowned self] in alert = "\($0.title): \($0.message)" }
    bind(output.loadFailure) { [unowned self] in loadFailure = $0 }
    bind(output.isLoading) { [unowned self] in isLoading = $0 }
    bind(output.cells) { [unowned self] newCells in
      // The friends already shown stay, under the view model's message.
      if case .error = newCells.first, !friends.isEmpty { return }
      cells = newCells
      hasLoaded = true
    }
    bind(output.confirmation) { [weak host] in host?.showMessage($0) }
    forward(output.route)
  }

  /// The friends shown, in order.
  private var friends: [FriendCellViewModel] {
    cells.compactMap { if case .normal(let cell) = $0 { cell } else { nil } }
  }

  private func friend(_ id: String) -> FriendCellViewModel? {
    friends.first { String($0.friend.id) == id }
  }

  override var isBusy: Bool { isLoading }

  override func handle(_ input: WebInput) -> Bool {
    alert = nil
    switch input.name {
    case "show": friend(input.value).map(open.accept)
    case "edit": friend(input.value).map(select.accept)
    case "delete": deletion = friend(input.value)
    case "confirm-delete":
      if let deletion { delete.accept(deletion) }
      deletion = nil
    case "keep": deletion = nil
    case "escape" where deletion != nil: deletion = nil
    case "add": addTaps.accept(())
    case "refresh": refresh.accept(())
    case "find": findTaps.accept(())
    case "activity": activityTaps.accept(())
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { "Friends" }
      HTML(.div, .class("actions")) {
        FormMarkup.button("Add friend", tap: "add", isPrimary: true)
        FormMarkup.button("Refresh", tap: "refresh")
        for (tap, route) in [("find", FriendsOutward.find), ("activity", .activity)] {
          if let scene = host?.scene(shownBy: Route(outward: route)) {
            FormMarkup.button(scene.title, tap: tap)
          }
        }
      }
      if let deletion {
        let question = DeletionQuestion(recordWord: Friend.recordWord, name: deletion.fullName)
        HTML(.section, .role("alertdialog"), .aria("label", question.title)) {
          HTML(.p) { question.message }
          HTML(.div, .class("actions")) {
            FormMarkup.button(question.confirm, tap: "confirm-delete", isPrimary: true)
            FormMarkup.button(question.cancel, tap: "keep")
          }
        }
      }
      FormMarkup.status(
        busy: isLoading ? "Loading…" : nil, failure: alert ?? loadFailure?.text)
      HTML(.ul, .class("records"), .aria("label", "Friends")) {
        for cell in cells {
          switch cell {
          case .normal(let cell):
            let id = String(cell.friend.id)
            HTML(.li, .id("friend-\(id)")) {
              HTML(.a, .href(WebPath("friends", id)), .data("tap", "show"), .data("value", id)) {
                cell.fullName
              }
              HTML(.span, .class("hint")) { cell.phoneNumber }
              FormMarkup.button("Edit", tap: "edit", value: id)
              FormMarkup.button("Delete", tap: "delete", value: id)
            }
          case .empty:
            HTML(.li, .class("hint")) { FriendCellType.emptyText }
          case .error:
            HTML.empty
          }
        }
      }
    }
  }
}
