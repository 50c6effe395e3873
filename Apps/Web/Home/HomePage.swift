import ReactiveCore
import ViewModels
import WebUI

/// The home: who is logged in and every feature with pages (`WebFeature.all`), each a link.
@MainActor
final class HomePage: WebScreen {
  private let open = PublishRelay<Int>()
  private var entries: [HomeEntry] = []
  private var greeting = ""
  private var summary = ""
  private let features: [WebFeature]

  /// Creates the home over the features to list, in order.
  init(host: WebScreenHost, features: [WebFeature]) {
    self.features = features
    super.init(host: host)
    let output = HomeViewModel(entries: features.map(\.entry), auth: host.services.auth)
      .transform(.init(open: open.asObservable()))
    bind(output.entries) { [unowned self] in entries = $0 }
    bind(output.greeting) { [unowned self] in greeting = $0 }
    bind(output.summary) { [unowned self] in summary = $0 }
    bind(output.refusal) { [weak host] in host?.showMessage($0) }
    forward(output.route)
  }

  override func handle(_ input: WebInput) -> Bool {
    guard input.name == "entry", let index = Int(input.value) else { return false }
    open.accept(index)
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { "Home" }
      HTML(.p) { greeting }
      HTML(.p, .class("hint")) { summary }
      HTML(.ul, .class("records")) {
        for (index, entry) in entries.enumerated() {
          if let path = host?.path(of: entry.scene) {
            HTML(.li) {
              HTML(.a, .href(path), .data("tap", "entry"), .data("value", String(index))) {
                entry.title
              }
              HTML(.span, .class("hint")) { entry.summary }
            }
          }
        }
      }
    }
  }
}
