import Models
import ReactiveCore
import ViewModels
import WebUI

/// One friend's details, with Edit and Delete (after a confirmation on the page). The
/// details load again whenever the friends change; a friend that no longer exists goes back,
/// saying so.
@MainActor
final class FriendDetailPage: WebScreen {
  private let editTaps = PublishRelay<Void>()
  private let deleteTaps = PublishRelay<Void>()
  private var friend: Friend?
  private var isLoading = false
  private var isDeleting = false
  private var failure: String?
  private var isAskingToDelete = false

  init(host: WebScreenHost, id: Int) {
    super.init(host: host)
    let output = FriendDetailViewModel(service: host.services.friends, id: id).transform(
      .init(
        editTaps: editTaps.asObservable(), deleteTaps: deleteTaps.asObservable(),
        refresh: host.services.friends.recordsChanged))
    bind(output.friend) { [unowned self] in friend = $0 }
    bind(output.isLoading) { [unowned self] in isLoading = $0 }
    bind(output.isDeleting) { [unowned self] in isDeleting = $0 }
    bind(output.confirmation) { [weak host] in host?.showMessage($0) }
    bind(output.errorMessage) { [unowned self] message in
      if message == FriendDetailViewModel.noLongerExistsText {
        self.host?.showMessage(message)
      } else {
        failure = message
      }
    }
    forward(output.route)
  }

  override var isBusy: Bool { isLoading }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "edit": editTaps.accept(())
    case "delete": isAskingToDelete = friend != nil
    case "confirm-delete":
      isAskingToDelete = false
      deleteTaps.accept(())
    case "keep": isAskingToDelete = false
    case "escape" where isAskingToDelete: isAskingToDelete = false
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { friend?.fullName ?? "Friend" }
      if let friend {
        HTML(.dl) {
          HTML(.dt) { "Name" }
          HTML(.dd) { friend.fullName }
          HTML(.dt) { "Phone" }
          HTML(.dd) { friend.phoneNumber }
        }
        HTML(.div, .class("actions")) {
          FormMarkup.button("Edit", tap: "edit", isPrimary: true)
          FormMarkup.button("Delete", tap: "delete")
          FormMarkup.button("Back", tap: "back")
        }
        if isAskingToDelete {
          let question = DeletionQuestion(recordWord: Friend.recordWord, name: friend.fullName)
          HTML(.section, .role("alertdialog"), .aria("label", question.title)) {
            HTML(.p) { question.message }
            HTML(.div, .class("actions")) {
              FormMarkup.button(question.confirm, tap: "confirm-delete", isPrimary: true)
              FormMarkup.button(question.cancel, tap: "keep")
            }
          }
        }
      }
      FormMarkup.status(
        busy: isLoading ? (isDeleting ? "Deleting…" : "Loading…") : nil, failure: failure)
    }
  }
}
