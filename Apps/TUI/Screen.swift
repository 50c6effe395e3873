import AppComposition
import Foundation
import Navigator
import ReactiveCore
import TerminalUI

/// What a screen needs from the application around it.
@MainActor
protocol ScreenHost: AnyObject {
  /// The services the view models are built on.
  var services: AppServices { get }
  /// The scheduler the view models' timers and debounces run on.
  var scheduler: SchedulerType { get }
  /// Formats the dates shown in lists and pages.
  var dates: DateLabels { get }
  /// Forwards a route to the navigator.
  func navigate(_ route: Route)
  /// Asks for a new frame once the current work is done.
  func setNeedsDisplay()
  /// Shows a one-off message in the status bar until the next key, whichever screen shows.
  func showMessage(_ message: String)
  /// Shows `dialog` over everything until the user answers it; `onOutcome` gets the answer.
  /// The dialog goes away with `screen` if the screen closes first.
  func present(
    _ dialog: Dialog, from screen: Screen, onOutcome: @escaping @MainActor (Dialog.Outcome) -> Void)
  /// Records that the user logged in as `name`.
  func didLogIn(as name: String)
  /// Asks to log out.
  func logOut()
  /// The scene `route` would show, following the app's links, or `nil` when it shows none:
  /// a screen offers a key for an outward route only when it leads somewhere.
  func scene(shownBy route: Route) -> Scene?

  /// The state the navigator kept for `scene` when the session expired, taken once, for the
  /// screen made for it after the next login.
  func takeKeptState<Value: Sendable>(_ type: Value.Type, for scene: Scene) -> Value?
}

/// What screens draw with, besides the buffer.
struct RenderContext {
  /// The styles.
  var theme: Theme
  /// The spinner frame to show now.
  var spinnerFrame: String
}

/// One scene on screen: it owns its widgets' state, builds its view model's input from relays
/// fed by keys, binds the view model's output to that state, and draws it.
///
/// Subclasses build their view model in `init`, handle keys in `handle(_:)` and draw in
/// `render(into:rect:context:)`. Every binding is disposed by `close()`, which the application
/// calls when the scene leaves the navigation stack.
@MainActor
class Screen {
  /// The application showing the screen.
  private(set) weak var host: ScreenHost?
  /// The subscriptions of the screen's bindings.
  private(set) var bag = DisposeBag()
  /// What a click does, by where it falls: recorded by the last `render` with `onClick`.
  private var clickTargets:
    [(rect: Rect, opensOnDoubleClick: Bool, action: @MainActor (_ x: Int, _ y: Int) -> Void)] =
      []

  /// Creates the screen for `host`.
  init(host: ScreenHost) {
    self.host = host
  }

  /// The key hints of the status bar, most useful first.
  var hints: [KeyHint] { [] }
  /// The screen's own keys, for the help overlay.
  var helpKeys: [KeyHint] { [] }
  /// Whether something is loading (the application animates spinners meanwhile).
  var isBusy: Bool { false }
  /// Whether a text field has focus, so printable keys are text rather than commands.
  var isEditingText: Bool { false }

  /// Handles a key; returns whether the screen used it. Unused keys go to the global ones
  /// (Esc, `?`, `q`).
  func handle(_ key: Key) -> Bool { false }

  /// Takes focus away from a text field (after Esc), so that single-letter commands work;
  /// returns whether focus moved. A screen that returns `false` goes back on Esc instead.
  func leaveTextField() -> Bool { false }

  /// Draws the screen within `rect`, recording with `onClick` what a click on each part does.
  func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {}

  /// Follows the mouse wheel: `rows` down (up when negative); returns whether anything moved.
  func scroll(by rows: Int) -> Bool { false }

  /// What the screen's view model would lose if the screen closed now (a form's unsaved
  /// draft), which the navigator keeps when the session expires, for the screen made for
  /// the same scene after the next login; `nil` when there is nothing to keep.
  var keptState: (any Sendable)? { nil }

  /// What the scenes this screen opened handed back as they went (the navigator's
  /// `results`), for the screen's view model: the application gives each to the screen on
  /// top once it is back.
  let handedBack = PublishRelay<SceneResult>()

  /// Forgets the click targets of the last frame; the application calls it before `render`.
  func prepareForRender() {
    clickTargets.removeAll()
  }

  /// Records, while rendering, that a click in `rect` runs `action` (the last one recorded
  /// wins where targets overlap). Capture `self` unowned: the target lives as long as the
  /// frame.
  func onClick(_ rect: Rect, _ action: @escaping @MainActor () -> Void) {
    onClick(rect) { _, _ in action() }
  }

  /// Records, while rendering, that a click in `rect` runs `action` with the cell clicked.
  func onClick(_ rect: Rect, _ action: @escaping @MainActor (_ x: Int, _ y: Int) -> Void) {
    guard !rect.isEmpty else { return }
    clickTargets.append((rect, false, action))
  }

  /// Records, while rendering, that a click on a row of `list` as drawn in `rect` passes that
  /// row's item index to `select`; a double click then opens it, as Enter does.
  func onClickRows(
    of list: ListView, in rect: Rect, _ select: @escaping @MainActor (_ index: Int) -> Void
  ) {
    guard !rect.isEmpty else { return }
    clickTargets.append(
      (
        rect, true,
        { _, y in
          if let index = list.itemIndex(atRow: y, in: rect) { select(index) }
        }
      ))
  }

  /// Runs what a click at column `x`, row `y` of the last frame does; on a list's row, the
  /// second click of a double click also opens the row (Enter). Returns whether the click fell
  /// on a target.
  func click(x: Int, y: Int, isDouble: Bool = false) -> Bool {
    guard let target = clickTargets.last(where: { $0.rect.contains(x: x, y: y) }) else {
      return false
    }
    target.action(x, y)
    if isDouble && target.opensOnDoubleClick { _ = handle(.enter) }
    return true
  }

  /// Ends the screen's bindings.
  func close() {
    bag = DisposeBag()
    clickTargets.removeAll()
  }

  /// Applies each value of `driver` with `apply`, then asks for a frame, until the screen
  /// closes or `bag` (when given) is emptied.
  func bind<Element>(
    _ driver: Driver<Element>, in bag: DisposeBag? = nil, _ apply: @escaping (Element) -> Void
  ) {
    driver.drive(onNext: { [weak self] value in
      apply(value)
      self?.host?.setNeedsDisplay()
    })
    .disposed(by: bag ?? self.bag)
  }

  /// Applies each value of `signal` with `apply`, then asks for a frame, until the screen
  /// closes or `bag` (when given) is emptied.
  func bind<Element>(
    _ signal: Signal<Element>, in bag: DisposeBag? = nil, _ apply: @escaping (Element) -> Void
  ) {
    signal.emit(onNext: { [weak self] value in
      apply(value)
      self?.host?.setNeedsDisplay()
    })
    .disposed(by: bag ?? self.bag)
  }

  /// Forwards the view model's routes to the navigator.
  func forward(_ routes: Signal<Route>) {
    routes.emit(onNext: { [weak self] route in self?.host?.navigate(route) }).disposed(by: bag)
  }

  /// Shows an alert dialog from this screen.
  func presentAlert(title: String, message: String, button: String = "OK") {
    host?.present(
      .alert(title: title, message: message, button: button), from: self, onOutcome: { _ in })
  }
}
