import AppComposition
import Foundation
import Models
import Navigator
import ReactiveCore
import TerminalUI
import ViewModels

/// The full-screen Friends app: one `Screen` per scene of the navigator's stack, a title bar,
/// a status bar with key hints, dialogs, a help overlay and the global keys.
///
/// It runs on any `Terminal` (a `TTYTerminal`, or a `MemoryTerminal` in tests) and takes the
/// scheduler its view models, timers and spinners run on, so tests drive it on virtual time.
/// Everything happens on the main actor. Frames are drawn after the keys of each read (one
/// frame however many keys arrived at once) and, for changes that come from the view models,
/// once the scheduler has run what is due; the toolkit's renderer writes only the cells that
/// changed.
@MainActor
final class TUIApplication: ScreenHost {
  /// The smallest terminal the screens are drawn in; smaller ones get a message instead.
  static let minimumSize = TerminalSize(width: 40, height: 10)
  /// The time between two spinner frames.
  static let spinnerInterval: RxTimeInterval = .milliseconds(100)

  /// The services the view models are built on.
  let services: AppServices
  /// The scheduler of the view models, the spinners and the Esc timeout.
  let scheduler: SchedulerType
  /// Which scene is on screen, and the rules for changing it.
  let navigator: Navigator
  /// The styles everything is drawn with.
  let theme: Theme
  /// The features the home lists and whose screens the app makes, in order.
  let features: [Feature]

  /// Formats dates in the app's time zone.
  let dates: DateLabels
  private let session: TerminalSession
  private let onQuit: @MainActor () -> Void
  private var bag = DisposeBag()
  private let logoutTaps = PublishRelay<Void>()

  /// The screens of the navigator's stack, bottom first.
  private(set) var screens: [(scene: Scene, screen: Screen)] = []
  private var dialogs:
    [(dialog: Dialog, owner: ObjectIdentifier, onOutcome: @MainActor (Dialog.Outcome) -> Void)] = []
  /// Whether the help overlay is shown.
  private(set) var isHelpVisible = false
  /// The first line of the help shown, when it does not fit.
  private var helpScroll = 0
  /// Where and when the last left press that was not the second of a double click fell.
  private var lastClick: (x: Int, y: Int, time: Date)?
  /// A one-off message in the status bar, cleared by the next key.
  private(set) var flash: String?
  /// Clears `flash` when it has been shown long enough.
  private var flashTimer: Disposable?
  /// The name of the account logged in, for the title bar.
  private(set) var accountName: String?
  /// While the data cannot be read, what is wrong: shown whole in a banner above the screen.
  private(set) var dataProblem: String?
  /// Whether `quit()` was called.
  private(set) var hasQuit = false
  /// The status the process should exit with: 130 after Ctrl-C, else 0.
  private(set) var exitStatus: Int32 = 0

  private var needsDisplay = false
  private var isHandlingKey = false
  private var isFlushScheduled = false
  private var animation: Disposable?
  private(set) var spinnerTick = 0

  /// Creates the app; nothing is drawn until `start()`.
  ///
  /// - Parameters:
  ///   - terminal: Where to draw and read keys.
  ///   - services: The services the view models use.
  ///   - scheduler: The scheduler of the view models, the spinners and the Esc timeout.
  ///   - colorMode: Whether colours are drawn.
  ///   - timeZone: The time zone dates are shown in.
  ///   - now: The date and time now, which decides whether a date shows its year: the
  ///     scheduler's `now` unless a test chooses.
  ///   - mouseReporting: Whether the terminal reports the mouse.
  ///   - features: The features the home lists, in order: `Feature.all` unless a test
  ///     chooses.
  ///   - links: Where the features' outward routes lead: `OutwardLink.all` unless a test
  ///     chooses.
  ///   - onQuit: Called once the terminal was given back after `q` or Ctrl-C.
  init(
    terminal: any Terminal, services: AppServices, scheduler: SchedulerType,
    colorMode: ColorMode = .color, timeZone: TimeZone = .current,
    now: (@MainActor () -> Date)? = nil, mouseReporting: Bool = true,
    features: [Feature] = Feature.all, links: [OutwardLink] = OutwardLink.all,
    onQuit: @escaping @MainActor () -> Void = {}
  ) {
    self.services = services
    self.features = features
    self.scheduler = scheduler
    self.theme = .standard
    self.dates = DateLabels(timeZone: timeZone, now: now ?? { scheduler.now })
    self.onQuit = onQuit
    navigator = Navigator(root: .login, isLoggedIn: false, links: links)
    session = TerminalSession(
      terminal: terminal, colorMode: colorMode, mouseReporting: mouseReporting,
      schedule: { delay, action in
        _ = scheduler.scheduleRelative(after: delay.dispatchInterval) {
          MainActor.assumeIsolated { action() }
          return Disposables.create()
        }
      })
  }

  /// The screen on top of the stack.
  var topScreen: Screen? { screens.last?.screen }

  /// Takes the terminal over, binds the navigator and the session, and draws the first frame.
  ///
  /// - Throws: `TerminalError` when the terminal cannot be put in full-screen mode.
  func start() throws {
    try session.start(
      onKeys: { [weak self] keys in self?.handle(keys) },
      onResize: { [weak self] _ in self?.render() })
    navigator.stack
      .drive(onNext: { [weak self] stack in self?.show(stack) })
      .disposed(by: bag)
    navigator.refusals
      .emit(onNext: { [weak self] refusal in self?.showFlash(refusal.description) })
      .disposed(by: bag)
    navigator.results
      .emit(onNext: { [weak self] result in self?.topScreen?.handedBack.accept(result) })
      .disposed(by: bag)
    bindSession()
    render()
  }

  /// Gives the terminal back, ends every binding and calls `onQuit`. Safe to call twice.
  func quit() {
    guard !hasQuit else { return }
    hasQuit = true
    for (_, screen) in screens.reversed() { screen.close() }
    screens.removeAll()
    dialogs.removeAll()
    bag = DisposeBag()
    animation?.dispose()
    animation = nil
    flashTimer?.dispose()
    session.stop()
    onQuit()
  }

  // MARK: - ScreenHost

  func navigate(_ route: Route) {
    navigator.navigate(route)
  }

  func setNeedsDisplay() {
    needsDisplay = true
    // A key draws its frame when it has been handled; other changes are gathered until the
    // scheduler has run what is due now, then drawn in one frame.
    guard !isHandlingKey, !isFlushScheduled, !hasQuit else { return }
    isFlushScheduled = true
    _ = scheduler.scheduleRelative(after: .milliseconds(0)) { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.isFlushScheduled = false
        self.renderIfNeeded()
      }
      return Disposables.create()
    }
  }

  func showMessage(_ message: String) {
    showFlash(message)
  }

  func present(
    _ dialog: Dialog, from screen: Screen,
    onOutcome: @escaping @MainActor (Dialog.Outcome) -> Void
  ) {
    dialogs.append((dialog, ObjectIdentifier(screen), onOutcome))
    setNeedsDisplay()
  }

  func didLogIn(as name: String) {
    // The home says "Logged in as …" and the title bar names the account: no welcome in the
    // status bar, so its key hints show at once.
    accountName = name
    navigator.setLoggedIn(true)
  }

  func logOut() {
    logoutTaps.accept(())
  }

  func scene(shownBy route: Route) -> Scene? {
    navigator.scene(shownBy: route)
  }

  func takeKeptState<Value: Sendable>(_ type: Value.Type, for scene: Scene) -> Value? {
    navigator.takeKeptState(type, for: scene)
  }

  // MARK: - Session

  private func bindSession() {
    SessionViewModel(auth: services.auth).transform(
      .init(logoutTaps: logoutTaps.asObservable(), shownScenes: navigator.stack.asObservable())
    )
    .drive(
      navigator,
      keptStates: { [unowned self] in
        // Each screen made for these scenes after the next login takes back what its own kept.
        screens.reduce(into: [:]) { kept, shown in kept[shown.scene] = shown.screen.keptState }
      },
      accountName: { [unowned self] name in
        accountName = name
        setNeedsDisplay()
      },
      dataProblem: { [unowned self] problem in
        dataProblem = problem
        setNeedsDisplay()
      },
      message: { [unowned self] in showFlash($0) },
      failure: { [unowned self] message in
        guard let screen = topScreen else { return }
        present(.alert(title: "Log out", message: message), from: screen, onOutcome: { _ in })
      }
    )
    .disposed(by: bag)
  }

  // MARK: - Screens

  /// Keeps the screens of the scenes still on the stack, closes the others and opens the new.
  private func show(_ stack: [Scene]) {
    var kept = 0
    while kept < screens.count, kept < stack.count, screens[kept].scene == stack[kept] {
      kept += 1
    }
    for (_, screen) in screens[kept...].reversed() {
      screen.close()
      let owner = ObjectIdentifier(screen)
      dialogs.removeAll { $0.owner == owner }
    }
    screens.removeLast(screens.count - kept)
    for scene in stack[kept...] {
      screens.append((scene, makeScreen(for: scene)))
    }
    isHelpVisible = false
    setNeedsDisplay()
  }

  private func makeScreen(for scene: Scene) -> Screen {
    // The scenes every app has; every other scene is a feature's, and the feature whose
    // scenes it is makes its screen.
    if let scene = scene.as(AppScene.self) {
      switch scene {
      case .login(let email, let notice):
        return LoginScreen(host: self, email: email, notice: notice)
      case .forgotPassword(let email):
        return ForgotPasswordScreen(host: self, email: email)
      case .home: return HomeScreen(host: self, features: features)
      }
    }
    for feature in features {
      if let screen = feature.makeScreen(scene, self) { return screen }
    }
    preconditionFailure("No feature makes a screen for \(scene): add it to Feature.all.")
  }

  // MARK: - Keys

  /// Handles one key, then draws a frame if anything changed.
  func handle(_ key: Key) {
    handle([key])
  }

  /// Handles keys that arrived together, then draws one frame if anything changed (unless the
  /// session holds back a character that follows at once: the frame waits for it).
  ///
  /// While a text field has focus, a run of characters goes in as one edit, as a paste does:
  /// text pasted without bracketed paste costs time in proportion to its length, not to its
  /// length times the field's.
  func handle(_ keys: [Key]) {
    guard !hasQuit else { return }
    isHandlingKey = true
    var index = keys.startIndex
    while index < keys.endIndex, !hasQuit {
      var end = index
      if acceptsTypedText {
        while end < keys.endIndex, case .character = keys[end] { end += 1 }
      }
      if end - index > 1 {
        let text = keys[index..<end].compactMap { key -> Character? in
          if case .character(let character) = key { character } else { nil }
        }
        handleOne(.paste(String(text)))
        index = end
      } else {
        handleOne(keys[index])
        index += 1
      }
    }
    isHandlingKey = false
    if !session.isHoldingText { renderIfNeeded() }
  }

  /// Whether typed characters go into a text field: one has focus, and no dialog, help or
  /// "Too small" message is in front of it.
  private var acceptsTypedText: Bool {
    !isTooSmall && !isHelpVisible && dialogs.isEmpty && topScreen?.isEditingText == true
  }

  /// Handles one key: dialogs and the help overlay first, then the screen, then the global
  /// keys.
  private func handleOne(_ key: Key) {
    if case .mouse(let event) = key { return handle(event) }
    if flash != nil, key.isKnown {
      flash = nil
      needsDisplay = true
    }
    if key == .control("c") {
      exitStatus = 130
      return quit()
    }
    if isTooSmall {
      // Nothing else is on screen to act on: only quitting works until the terminal grows.
      if key == .character("q") { quit() }
      return
    }
    if isHelpVisible {
      guard key.isKnown else { return }
      needsDisplay = true
      // The arrows (and j, k) scroll a help that does not fit; any other key closes it.
      switch key {
      case .down, .character("j"): helpScroll += 1
      case .up, .character("k"): helpScroll = max(0, helpScroll - 1)
      case .pageDown: helpScroll += 5
      case .pageUp: helpScroll = max(0, helpScroll - 5)
      default: isHelpVisible = false
      }
      return
    }
    if !dialogs.isEmpty {
      guard key.isKnown else { return }
      let outcome = dialogs[dialogs.count - 1].dialog.handle(key)
      needsDisplay = true
      if let outcome { dialogs.removeLast().onOutcome(outcome) }
      return
    }
    guard let screen = topScreen else { return }
    if key == .function(1) {
      // F1 works in text fields too, where `?` is text.
      return showHelp()
    }
    if screen.handle(key) {
      needsDisplay = true
      return
    }
    switch key {
    case .escape: goBack(from: screen)
    case .character("?"): showHelp()
    case .character("q"): quit()
    default: break
    }
  }

  /// How close two presses on the same cell must be to make a double click, in seconds.
  static let doubleClickInterval: TimeInterval = 0.4

  /// Handles a mouse report: a left click on the help closes it, on a dialog's button presses
  /// it, elsewhere acts on what the screen drew there (focuses a field or button, presses the
  /// button, selects a row); the wheel scrolls the help, or the screen's list. Releases, drags
  /// and other buttons do nothing, and a report never reaches a screen as a key.
  private func handle(_ event: MouseEvent) {
    let wheel: Int? =
      switch event.action {
      case .scrollUp: -1
      case .scrollDown: 1
      default: nil
      }
    guard event.action == .press(.left) || wheel != nil else { return }
    if flash != nil {
      flash = nil
      needsDisplay = true
    }
    if isTooSmall { return }
    if isHelpVisible {
      needsDisplay = true
      if let wheel { helpScroll = max(0, helpScroll + wheel) } else { isHelpVisible = false }
      return
    }
    if let dialog = dialogs.last?.dialog {
      guard wheel == nil, let outcome = dialog.click(x: event.x, y: event.y, in: contentRect)
      else { return }
      needsDisplay = true
      dialogs.removeLast().onOutcome(outcome)
      return
    }
    guard let screen = topScreen else { return }
    let used: Bool
    if let wheel {
      used = screen.scroll(by: wheel)
    } else {
      // A second press on the same cell within the double-click time is a double click.
      let now = scheduler.now
      let isDouble =
        lastClick.map {
          $0.x == event.x && $0.y == event.y
            && now.timeIntervalSince($0.time) <= Self.doubleClickInterval
        } ?? false
      lastClick = isDouble ? nil : (event.x, event.y, now)
      used = screen.click(x: event.x, y: event.y, isDouble: isDouble)
    }
    if used { needsDisplay = true }
  }

  /// The area between the title bar (and the data banner) and the status bar, where screens
  /// and dialogs are drawn.
  private var contentRect: Rect {
    layout(Rect(size: session.size)).content
  }

  /// Where the title bar, the data banner's lines, the screen and the status bar go.
  private func layout(_ bounds: Rect) -> (
    title: Rect, banner: Rect, bannerLines: [String], content: Rect, status: Rect
  ) {
    let rows = bounds.rows([.fixed(1), .fill, .fixed(1)])
    var lines = dataProblem.map { Self.wrappedWhole($0, toWidth: rows[1].width - 2) } ?? []
    // The screen keeps three rows at least; a message that does not fit then ends with "…".
    let most = max(1, rows[1].height - 3)
    if lines.count > most {
      lines = Array(lines.prefix(most))
      lines[most - 1] = (lines[most - 1] + " …").truncated(toWidth: rows[1].width - 2)
    }
    let middle = rows[1].rows([.fixed(lines.count), .fill])
    return (rows[0], middle[0], lines, middle[1], rows[2])
  }

  /// Whether the terminal is below the smallest size, so the "Too small" message is shown.
  private var isTooSmall: Bool {
    let size = session.size
    return size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
  }

  private func showHelp() {
    isHelpVisible = true
    helpScroll = 0
    needsDisplay = true
  }

  /// Esc: in a text field it leaves the field; elsewhere it goes back.
  private func goBack(from screen: Screen) {
    let isRoot = if case .failure = navigator.next(after: .back) { true } else { false }
    if screen.isEditingText, screen.leaveTextField() {
      needsDisplay = true
      if isRoot { showFlash("Press q to quit, Tab to edit again.") }
      return
    }
    if isRoot, screen.isEditingText { return }
    navigator.navigate(.back)
  }

  /// How long a message stays in the status bar when no key is pressed.
  static let flashDuration: RxTimeInterval = .seconds(4)

  /// Shows `message` in the status bar, in place of the key hints, until a key is pressed or
  /// ``flashDuration`` passed on the scheduler.
  private func showFlash(_ message: String) {
    flash = message
    flashTimer?.dispose()
    flashTimer = scheduler.scheduleRelative(after: Self.flashDuration) { [weak self] in
      MainActor.assumeIsolated {
        guard let self, self.flash == message else { return }
        self.flash = nil
        self.setNeedsDisplay()
      }
      return Disposables.create()
    }
    setNeedsDisplay()
  }

  // MARK: - Drawing

  /// Draws a frame now if something changed since the last one.
  func renderIfNeeded() {
    if needsDisplay { render() }
  }

  /// Draws a frame now.
  func render() {
    guard !hasQuit, session.isRunning else { return }
    needsDisplay = false
    updateAnimation()
    session.render { buffer in draw(into: &buffer) }
  }

  /// `text` broken into lines of at most `width` columns at spaces, a word longer than a
  /// line (a long path) broken across lines rather than cut.
  static func wrappedWhole(_ text: String, toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var pieces: [String] = []
    for word in text.split(separator: " ") {
      var piece = ""
      for character in word {
        if (piece + String(character)).displayWidth > width {
          pieces.append(piece)
          piece = ""
        }
        piece.append(character)
      }
      pieces.append(piece)
    }
    return pieces.joined(separator: " ").wrapped(toWidth: width)
  }

  private var spinnerFrame: String {
    Spinner.dots[spinnerTick % Spinner.dots.count]
  }

  private func updateAnimation() {
    let busy = topScreen?.isBusy ?? false
    if busy, animation == nil {
      spinnerTick = 0
      animation = Observable<Int>.interval(Self.spinnerInterval, scheduler: scheduler)
        .subscribe(onNext: { [weak self] _ in
          MainActor.assumeIsolated {
            guard let self else { return }
            self.spinnerTick += 1
            self.setNeedsDisplay()
          }
        })
    } else if !busy, let running = animation {
      running.dispose()
      animation = nil
    }
  }

  private func draw(into buffer: inout ScreenBuffer) {
    let bounds = buffer.bounds
    guard bounds.width >= Self.minimumSize.width, bounds.height >= Self.minimumSize.height
    else {
      let message = "Too small (\(buffer.size)): need \(Self.minimumSize)"
      let middle = bounds.row(bounds.height / 2)
      buffer.write(message, in: middle, alignment: .center, style: theme.text)
      return
    }
    let parts = layout(bounds)
    let content = parts.content
    drawTitleBar(into: &buffer, rect: parts.title)
    for (index, line) in parts.bannerLines.enumerated() {
      Banner(line, kind: .warning, alignment: .leading)
        .render(into: &buffer, rect: parts.banner.row(index), theme: theme)
    }
    let context = RenderContext(theme: theme, spinnerFrame: spinnerFrame)
    topScreen?.prepareForRender()
    topScreen?.render(into: &buffer, rect: content.inset(left: 1, right: 1), context: context)
    if let flash {
      // A message replaces the hints until the next key, so it is never cut off.
      buffer.fill(parts.status, style: theme.statusBar)
      buffer.write(flash, in: parts.status.inset(left: 1, right: 1), style: theme.statusKey)
    } else {
      let hints =
        isHelpVisible
        ? [KeyHint("↑↓", "scroll"), KeyHint("any key", "close help")] : statusHints
      StatusBar(hints: hints).render(into: &buffer, rect: parts.status, theme: theme)
    }
    if let dialog = dialogs.last?.dialog {
      // A blank column on each side keeps the box apart from the text behind it.
      buffer.fill(dialog.frame(in: content).inset(left: -1, right: -1))
      dialog.render(into: &buffer, rect: content, theme: theme)
    }
    if isHelpVisible {
      var help = HelpOverlay(
        screenTitle: screens.last?.scene.title ?? "", screenKeys: topScreen?.helpKeys ?? [],
        scrollOffset: helpScroll)
      help.clampScroll(toHeight: content.height)
      helpScroll = help.scrollOffset
      help.render(into: &buffer, rect: content, theme: theme)
    }
  }

  private var statusHints: [KeyHint] {
    if let dialog = dialogs.last?.dialog {
      return dialog.isConfirmation
        ? [KeyHint("Tab", "switch"), KeyHint("Enter", "choose"), KeyHint("Esc", "cancel")]
        : [KeyHint("Enter", "close")]
    }
    guard let screen = topScreen else { return [] }
    var hints = screen.hints
    if screen.isEditingText {
      // `?` is text in a field: say where the help is.
      let quit = hints.lastIndex { $0.key == "Ctrl-C" } ?? hints.endIndex
      hints.insert(KeyHint("F1", "help"), at: quit)
    }
    return hints
  }

  private func drawTitleBar(into buffer: inout ScreenBuffer, rect: Rect) {
    buffer.fill(rect, style: theme.statusBar)
    var account = accountName ?? "not logged in"
    if let server = services.server { account += " · " + Self.serverLabel(server) }
    let right = buffer.write(account + " ", in: rect, alignment: .trailing, style: theme.statusBar)
    let path = screens.map(\.scene.title).joined(separator: " › ")
    let title = rect.inset(left: 1, right: right + 2)
    buffer.write(path, in: title, style: theme.statusKey)
  }
}

extension TUIApplication {
  /// How the title bar names a server: its host and port, with the scheme when it is not
  /// `http` (`127.0.0.1:8080`, `https://example.com`).
  static func serverLabel(_ url: URL) -> String {
    var label = url.host ?? url.absoluteString
    if label.contains(":") { label = "[\(label)]" }
    if let port = url.port { label += ":\(port)" }
    let scheme = url.scheme?.lowercased() ?? "http"
    return scheme == "http" ? label : "\(scheme)://\(label)"
  }
}

extension Key {
  /// Whether the key is one the parser recognised (unknown sequences change nothing).
  var isKnown: Bool {
    if case .unknown = self { return false }
    return true
  }
}

extension Duration {
  /// The same length as a dispatch interval, to the nanosecond.
  var dispatchInterval: RxTimeInterval {
    let (seconds, attoseconds) = components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
