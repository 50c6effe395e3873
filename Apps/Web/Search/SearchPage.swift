import Models
import Navigator
import ReactiveCore
import ViewModels
import WebUI

/// Search as the user types: the view model debounces, skips repeats and short queries and
/// cancels older searches, and says what the results show; the page shows the field, the
/// status and the friends found, each a link that opens them where the app's links lead.
/// The results follow the data (a friend renamed or deleted in another program).
@MainActor
final class SearchPage: WebScreen {
  private let query = BehaviorRelay(value: "")
  private let select = PublishRelay<Friend>()
  private var status = SearchViewModel.Status.tooShort
  private var isSearching = false

  override init(host: WebScreenHost) {
    super.init(host: host)
    let output = SearchViewModel(
      service: host.services.search, scheduler: host.scheduler, retry: .standard
    ).transform(
      .init(
        query: query.asObservable(), select: select.asObservable(),
        refresh: host.services.searchResultsChanged))
    bind(output.status) { [unowned self] in status = $0 }
    bind(output.isSearching) { [unowned self] in isSearching = $0 }
    forward(output.route)
  }

  override var isBusy: Bool { isSearching }

  private var found: [Friend] {
    if case .found(let friends) = status { friends } else { [] }
  }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "query": query.accept(input.value)
    case "choose":
      if let friend = found.first(where: { String($0.id) == input.value }) { select.accept(friend) }
    case "left": break
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    let found = self.found
    return HTML {
      HTML(.h1) { "Search" }
      FormMarkup.field(
        "Search", name: "query", value: query.value, type: "search", placeholder: "part of a name",
        isFocused: true)
      switch status {
      case .searching:
        FormMarkup.status(busy: SearchViewModel.searchingText)
      case .found(let friends):
        FormMarkup.status(
          busy: isSearching ? SearchViewModel.searchingText : nil,
          note: friends.count == 1 ? "1 friend" : "\(friends.count) friends")
      case .failed(let message):
        FormMarkup.status(failure: message)
      case .tooShort, .noMatches:
        FormMarkup.status(note: status.text)
      }
      HTML(.ul, .class("records"), .aria("label", "Friends found")) {
        for friend in found {
          let id = String(friend.id)
          HTML(.li) {
            // A result links where the app's links send it, if anywhere.
            if let path = host?.scene(
              shownBy: Route(outward: SearchOutward(openingResult: friend.id))
            )
            .flatMap({ host?.path(of: $0) }) {
              HTML(.a, .href(path), .data("tap", "choose"), .data("value", id)) {
                friend.fullName
              }
            } else {
              HTML(.span) { friend.fullName }
            }
            HTML(.span, .class("hint")) { friend.phoneNumber }
          }
        }
      }
    }
  }
}
