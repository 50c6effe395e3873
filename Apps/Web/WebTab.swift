import AppComposition
import Foundation
import HTTPServer
import Navigator
import ReactiveCore
import ViewModels
import WebUI

/// Where a tab's pages go: the live connection of one browser tab.
@MainActor
protocol WebConnection: AnyObject {
  /// Sends `event`; returns `false` once the connection has ended.
  func send(_ event: ServerSentEvent) -> Bool
  /// Ends the connection.
  func end()
}

/// What a tab sends each time its page changes: the address, the title, the depth of the
/// navigation stack (the script pushes a history entry when it grows) and the markup.
struct WebFrame: Hashable, Sendable, Codable {
  /// The address of the scene on top.
  var path: String
  /// The window's title.
  var title: String
  /// How many scenes the stack holds.
  var depth: Int
  /// The markup inside the page's `#app` element.
  var html: String
  /// The sequence number of the last input applied: once the page has sent no later one, the
  /// frame has seen everything typed, and the page takes its fields' text as it is, also in
  /// the field with the focus (a form emptied after a save).
  var applied: Int
}

/// One browser tab: its own navigator and its own pages, each with its own view model, built
/// on the services every tab shares. The page's inputs come in through ``handle(_:)``; each
/// change goes out to the tab's live connection as a ``WebFrame``, once the scheduler has run
/// what is due (one frame however many changes happened at once).
@MainActor
final class WebTab: WebScreenHost {
  /// The tab's identifier, in its addresses (`/tabs/ID/events`).
  let id: String
  /// The services the view models are built on.
  let services: AppServices
  /// The scheduler of the view models.
  let scheduler: SchedulerType
  /// Which scene is shown, and the rules for changing it.
  let navigator: Navigator
  private let features: [WebFeature]
  private var bag = DisposeBag()
  private let logoutTaps = PublishRelay<Void>()

  /// The pages of the navigator's stack, bottom first.
  private(set) var screens: [(scene: Scene, screen: WebScreen)] = []
  /// A one-off message above the page, cleared by the next input.
  private(set) var flash: String?
  /// The name of the account logged in.
  private(set) var accountName: String?
  /// While the data cannot be read, what is wrong.
  private(set) var dataProblem: String?
  /// The live connection, while the page is open.
  private(set) var connection: WebConnection?
  /// The last frame sent.
  private(set) var lastFrame: WebFrame?
  /// The sequence number of the last input applied.
  private(set) var appliedSequence = 0
  private var needsDisplay = false
  private var isFlushScheduled = false
  private(set) var isClosed = false

  /// Creates a tab showing the scene at `path` (and the scenes its address passes through),
  /// after a login if no one is logged in.
  init(
    id: String, path: WebPath, services: AppServices, scheduler: SchedulerType,
    features: [WebFeature], links: [OutwardLink]
  ) {
    self.id = id
    self.services = services
    self.scheduler = scheduler
    self.features = features
    let scenes = Self.scenes(at: path, features: features)
    if scenes == [.home], !path.segments.isEmpty {
      flash = "There is no page at \(path.text); here is the home."
    }
    if scenes.first == .login || scenes.first == .forgotPassword {
      navigator = Navigator(root: scenes[0], isLoggedIn: false, links: links)
    } else {
      // The scenes wait for the session to say someone is logged in, as after an expired
      // session: a link to a page opens it after the login.
      navigator = Navigator(root: .home, isLoggedIn: true, links: links)
      for scene in scenes.dropFirst() { navigator.navigate(.show(scene)) }
      navigator.suspendSession()
    }
    navigator.stack
      .drive(onNext: { [weak self] stack in self?.show(stack) })
      .disposed(by: bag)
    navigator.refusals
      .emit(onNext: { [weak self] refusal in self?.showMessage(refusal.description) })
      .disposed(by: bag)
    navigator.results
      .emit(onNext: { [weak self] result in self?.topScreen?.handedBack.accept(result) })
      .disposed(by: bag)
    bindSession()
    // The first page is served with its scene at once, whenever the stack's driver delivers.
    show(navigator.currentStack)
  }

  /// The scenes the address `path` leads through: the home, then each scene whose address
  /// is a beginning of `path` (`/notes`, then `/notes/3`); the login for `/login`.
  static func scenes(at path: WebPath, features: [WebFeature]) -> [Scene] {
    switch path.segments {
    case ["login"]: return [.login]
    case ["forgot-password"]: return [.forgotPassword]
    default: break
    }
    var scenes: [Scene] = [.home]
    for count in 1...max(1, path.segments.count) where count <= path.segments.count {
      let prefix = Array(path.segments.prefix(count))
      if let scene = features.lazy.compactMap({ $0.scene(prefix) }).first {
        scenes.append(scene)
      }
    }
    return scenes
  }

  /// The page on top of the stack.
  var topScreen: WebScreen? { screens.last?.screen }

  /// The frame the page shows now.
  var frame: WebFrame {
    let scenes = screens.map(\.scene)
    let top = scenes.last ?? .login
    return WebFrame(
      path: (path(of: top) ?? WebPath()).text,
      title: "\(top.title) · \(AppIdentity.name)", depth: scenes.count,
      html: body.markup, applied: appliedSequence)
  }

  /// Ends every binding and the live connection.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    for (_, screen) in screens.reversed() { screen.close() }
    screens.removeAll()
    bag = DisposeBag()
    connection?.end()
    connection = nil
  }

  /// Sends the tab's frames to `connection` from now on, starting with the current one; a
  /// connection the tab had before ends.
  func attach(_ connection: WebConnection) {
    if let old = self.connection, old !== connection { old.end() }
    self.connection = connection
    lastFrame = nil
    flush()
  }

  /// Forgets `connection` if it is the tab's.
  func detach(_ connection: WebConnection) {
    if self.connection === connection { self.connection = nil }
  }

  // MARK: - Inputs

  /// Applies one of the page's inputs: the tab's own (`open` a path, `location` after the
  /// browser's back or forward, `back`, `logout`), or the page's.
  func handle(_ input: WebInput) {
    guard !isClosed else { return }
    if let sequence = input.sequence { appliedSequence = max(appliedSequence, sequence) }
    if flash != nil {
      flash = nil
      setNeedsDisplay()
    }
    switch input.name {
    case "open", "location":
      open(WebPath(parsing: input.value) ?? WebPath())
    case "back":
      navigator.navigate(.back)
    case "escape":
      // Escape goes back unless the page uses it (a form's cancel), and never past the first
      // scene.
      if topScreen?.handle(input) != true, screens.count > 1 { navigator.navigate(.back) }
    case "logout":
      logOut()
    case "left":
      // Focus leaving a field matters to a form only; after a page changed, it is the old
      // page's field.
      _ = topScreen?.handle(input)
    default:
      if topScreen?.handle(input) != true {
        showMessage("That control is no longer on the page.")
      }
    }
    setNeedsDisplay()
  }

  /// Shows the scene at `path`: back to it when the stack holds it, else on top.
  private func open(_ path: WebPath) {
    let stack = screens.map(\.scene)
    if let index = stack.lastIndex(where: { self.path(of: $0) == path }) {
      for _ in index..<(stack.count - 1) { navigator.navigate(.back) }
      return
    }
    guard let scene = Self.scenes(at: path, features: features).last else { return }
    navigator.navigate(.show(scene))
  }

  // MARK: - WebScreenHost

  func navigate(_ route: Route) {
    navigator.navigate(route)
  }

  func setNeedsDisplay() {
    needsDisplay = true
    guard !isFlushScheduled, !isClosed else { return }
    isFlushScheduled = true
    _ = scheduler.scheduleRelative(after: .milliseconds(0)) { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.isFlushScheduled = false
        self.flush()
      }
      return Disposables.create()
    }
  }

  func showMessage(_ message: String) {
    flash = message
    setNeedsDisplay()
  }

  func didLogIn(as name: String) {
    accountName = name
    navigator.setLoggedIn(true)
  }

  func logOut() {
    logoutTaps.accept(())
  }

  func path(of scene: Scene) -> WebPath? {
    if let scene = scene.as(AppScene.self) {
      return switch scene {
      case .login: WebPath("login")
      case .forgotPassword: WebPath("forgot-password")
      case .home: WebPath()
      }
    }
    return features.lazy.compactMap { $0.path(scene) }.first
  }

  func scene(shownBy route: Route) -> Scene? {
    guard let scene = navigator.scene(shownBy: route), path(of: scene) != nil else { return nil }
    return scene
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
      message: { [unowned self] in showMessage($0) },
      failure: { [unowned self] in showMessage($0) }
    )
    .disposed(by: bag)
  }

  // MARK: - Pages

  /// Keeps the pages of the scenes still on the stack, closes the others and opens the new.
  private func show(_ stack: [Scene]) {
    var kept = 0
    while kept < screens.count, kept < stack.count, screens[kept].scene == stack[kept] {
      kept += 1
    }
    for (_, screen) in screens[kept...].reversed() { screen.close() }
    screens.removeLast(screens.count - kept)
    for scene in stack[kept...] {
      screens.append((scene, makeScreen(for: scene)))
    }
    setNeedsDisplay()
  }

  private func makeScreen(for scene: Scene) -> WebScreen {
    if let scene = scene.as(AppScene.self) {
      switch scene {
      case .login(let email, let notice):
        return LoginPage(host: self, email: email, notice: notice)
      case .forgotPassword(let email):
        return ForgotPasswordPage(host: self, email: email)
      case .home:
        return HomePage(host: self, features: features)
      }
    }
    for feature in features {
      if let screen = feature.makeScreen(scene, self) { return screen }
    }
    return MissingPage(host: self, scene: scene)
  }

  /// Sends the current frame if it changed since the last one sent.
  private func flush() {
    needsDisplay = false
    guard let connection, !isClosed else { return }
    let frame = self.frame
    guard frame != lastFrame else { return }
    lastFrame = frame
    guard let data = try? JSONEncoder().encode(frame) else { return }
    if !connection.send(ServerSentEvent(name: "frame", data: String(decoding: data, as: UTF8.self)))
    {
      detach(connection)
    }
  }

  /// The markup inside the page's `#app` element: the bar with where the user is and who is
  /// logged in, the message and the data problem, then the page.
  var body: HTML {
    let scenes = screens.map(\.scene)
    let busy = topScreen?.isBusy ?? false
    return HTML {
      HTML(.header, .class("bar")) {
        HTML(.nav, .aria("label", "You are here")) {
          HTML(.ol) {
            for (index, scene) in scenes.enumerated() {
              if index == scenes.count - 1 {
                HTML(.li, .aria("current", "page")) { scene.title }
              } else if let path = path(of: scene) {
                HTML(.li) { HTML(.a, .href(path)) { scene.title } }
              }
            }
          }
        }
        if let accountName {
          HTML(.div, .class("account")) {
            HTML(.span) { accountName }
            if let server = services.server { HTML(.small) { " · " + server.absoluteString } }
            HTML(.button, .type("button"), .data("tap", "logout")) { "Log out" }
          }
        }
      }
      HTML(.p, .id("flash"), .role("status"), .aria("live", "polite")) { flash ?? "" }
      if let dataProblem {
        HTML(.p, .class("problem"), .role("alert")) { dataProblem }
      }
      HTML(.main, .id("page"), .aria("busy", busy ? "true" : "false")) {
        topScreen?.render() ?? .empty
      }
    }
  }
}

/// The page of a scene that no feature of the web front shows: it says so, with a way home.
@MainActor
final class MissingPage: WebScreen {
  private let scene: Scene

  init(host: WebScreenHost, scene: Scene) {
    self.scene = scene
    super.init(host: host)
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { scene.title }
      HTML(.p) { "The web front has no page for this yet." }
      HTML(.p) { HTML(.a, .href(WebPath())) { "Home" } }
    }
  }
}
