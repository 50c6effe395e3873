import AppComposition
import Navigator
import ReactiveCore
import WebUI

/// What the page sends: a field's new text, a tap on a button, a link followed.
///
/// The page's script sends `{"name": …, "value": …}` for each: `name` is the control's
/// `data-input` or `data-tap` attribute, `value` the field's whole text (or the button's
/// `data-value`, or a link's path).
struct WebInput: Hashable, Sendable, Codable {
  /// Which control: a screen's own name, or one of the tab's (``WebTab``).
  var name: String
  /// The field's text, a button's value, or a path.
  var value: String
  /// The input's number in the order the page sent its inputs, which the tab's frames
  /// give back (``WebFrame/applied``), so the page knows when none is still on its way.
  var sequence: Int?

  /// An input named `name` carrying `value`.
  init(_ name: String, _ value: String = "", sequence: Int? = nil) {
    self.name = name
    self.value = value
    self.sequence = sequence
  }
}

/// What a page needs from the browser tab showing it.
@MainActor
protocol WebScreenHost: AnyObject {
  /// The services the view models are built on.
  var services: AppServices { get }
  /// The scheduler the view models' timers and debounces run on.
  var scheduler: SchedulerType { get }
  /// Forwards a route to the navigator.
  func navigate(_ route: Route)
  /// Asks for the page to be sent again once the current work is done.
  func setNeedsDisplay()
  /// Shows a one-off message above the page until the next input.
  func showMessage(_ message: String)
  /// Records that the user logged in as `name`.
  func didLogIn(as name: String)
  /// Asks to log out.
  func logOut()
  /// The address of `scene` in this front, or `nil` when no page shows it.
  func path(of scene: Scene) -> WebPath?
  /// The scene `route` would show, following the app's links, or `nil` when it shows none:
  /// a page offers a link for an outward route only when it leads somewhere.
  func scene(shownBy route: Route) -> Scene?
  /// The state the navigator kept for `scene` when the session expired, taken once.
  func takeKeptState<Value: Sendable>(_ type: Value.Type, for scene: Scene) -> Value?
}

/// One scene in a browser tab: it builds its view model's input from relays fed by the
/// page's inputs, binds the view model's output to its state, and renders that state as
/// markup. The terminal front's `Screen` does the same with keys and cells.
///
/// Subclasses build their view model in `init`, handle inputs in `handle(_:)` and render in
/// `render()`. Every binding is disposed by `close()`, which the tab calls when the scene
/// leaves the navigation stack.
@MainActor
class WebScreen {
  /// The tab showing the page.
  private(set) weak var host: WebScreenHost?
  /// The subscriptions of the page's bindings.
  private(set) var bag = DisposeBag()
  /// What the scenes this page opened handed back as they went (the navigator's
  /// `results`), for the page's view model.
  let handedBack = PublishRelay<SceneResult>()

  /// Creates the page for `host`.
  init(host: WebScreenHost) {
    self.host = host
  }

  /// Whether something is loading: the page shows a spinner and says it is busy.
  var isBusy: Bool { false }

  /// What the page's view model would lose if it closed now (a form's draft), kept by the
  /// navigator when the session expires; `nil` when there is nothing to keep.
  var keptState: (any Sendable)? { nil }

  /// Handles one of the page's inputs; returns whether the page knew it.
  func handle(_ input: WebInput) -> Bool { false }

  /// The page's content, inside the tab's frame.
  func render() -> HTML { .empty }

  /// Ends the page's bindings.
  func close() {
    bag = DisposeBag()
  }

  /// Applies each value of `driver` with `apply`, then asks for the page to be sent again,
  /// until the page closes.
  func bind<Element>(_ driver: Driver<Element>, _ apply: @escaping (Element) -> Void) {
    driver.drive(onNext: { [weak self] value in
      apply(value)
      self?.host?.setNeedsDisplay()
    })
    .disposed(by: bag)
  }

  /// Applies each value of `signal` with `apply`, then asks for the page to be sent again,
  /// until the page closes.
  func bind<Element>(_ signal: Signal<Element>, _ apply: @escaping (Element) -> Void) {
    signal.emit(onNext: { [weak self] value in
      apply(value)
      self?.host?.setNeedsDisplay()
    })
    .disposed(by: bag)
  }

  /// Forwards the view model's routes to the navigator.
  func forward(_ routes: Signal<Route>) {
    routes.emit(onNext: { [weak self] route in self?.host?.navigate(route) }).disposed(by: bag)
  }
}
