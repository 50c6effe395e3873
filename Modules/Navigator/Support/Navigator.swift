import ReactiveCore

/// Owns the stack of scenes and the rules for changing it, for the scenes of any feature.
///
/// Its rules are the same for every scene: one that needs an account is refused while no one
/// is logged in, the scene on top is not shown twice, and the first scene has nothing to go
/// back to. A feature adds its own (a scene's ``FeatureScene/refusal``, a
/// ``FeatureRoute``'s resolution) in its own folder.
///
/// Front ends render `top` and forward the routes that view models emit to `navigate(_:)`.
/// A route that breaks a rule is refused: the stack stays as it was, the refusal is returned
/// and emitted on `refusals`, and nothing crashes. Use it from the main thread, like every
/// view model.
@MainActor
public final class Navigator {
  private let stackRelay: BehaviorRelay<[Scene]>
  private let refusalRelay = PublishRelay<NavigationRefusal>()
  private let resultRelay = PublishRelay<SceneResult>()
  private let links: [OutwardLink]
  private var isLoggedIn: Bool
  /// The scenes shown when the session was suspended, bottom first, waiting for the next
  /// login; `nil` when none wait.
  private var suspendedStack: [Scene]?
  /// What the screens of those scenes kept, until each is taken or the scene is left.
  private var keptStates: [Scene: any Sendable] = [:]

  /// Creates a navigator showing `root`; `isLoggedIn` decides which scenes are allowed, and
  /// `links` where the features' outward routes lead (none by default: each is refused).
  public init(root: Scene, isLoggedIn: Bool, links: [OutwardLink] = []) {
    self.isLoggedIn = isLoggedIn
    self.links = links
    stackRelay = BehaviorRelay(value: [root])
  }

  /// What each ``Route/backWithResult(_:)`` handed to the scene it went back to, emitted once
  /// that scene is on top again.
  public var results: Signal<SceneResult> { resultRelay.asSignal() }

  /// The scenes from the first to the one on screen.
  public var stack: Driver<[Scene]> { stackRelay.asDriver() }

  /// The scene on screen.
  public var top: Driver<Scene> { stackRelay.asDriver().map { $0[$0.count - 1] } }

  /// Each refused route's reason.
  public var refusals: Signal<NavigationRefusal> { refusalRelay.asSignal() }

  /// The current stack, for code that reads it once.
  public var currentStack: [Scene] { stackRelay.value }

  /// The scene on screen now.
  public var currentScene: Scene { stackRelay.value[stackRelay.value.count - 1] }

  /// Records whether someone is logged in; logging out leaves only the login scene, and
  /// forgets the scenes a suspended session kept (saying again that no one is logged in
  /// does not).
  public func setLoggedIn(_ loggedIn: Bool) {
    if isLoggedIn, !loggedIn {
      suspendedStack = nil
      keptStates = [:]
    }
    isLoggedIn = loggedIn
    leaveScenesThatNeedAnAccount()
  }

  /// Ends a session the user did not choose to end (it expired): the stack goes back to the
  /// login scene as ``setLoggedIn(_:)`` does, but the scenes shown now wait for the next
  /// login, each with what `kept` holds for it (a form's unsaved draft).
  ///
  /// Once someone is logged in again, the first route that leaves the bottom scene of those
  /// alone on the stack (the login's ``Route/replaceRoot(_:)`` to the home) shows them all
  /// again, as far as each is still allowed, and each screen made for them takes its state
  /// back with ``takeKeptState(_:for:)``.
  public func suspendSession(keeping kept: [Scene: any Sendable] = [:]) {
    isLoggedIn = false
    let stack = stackRelay.value
    if stack.contains(where: \.needsAccount) {
      suspendedStack = stack
      keptStates = kept.filter { stack.contains($0.key) }
    }
    leaveScenesThatNeedAnAccount()
  }

  /// The state kept for `scene` when the session was suspended, once: taking it forgets
  /// it. `nil` when nothing of `type` was kept for the scene.
  public func takeKeptState<Value: Sendable>(_ type: Value.Type, for scene: Scene) -> Value? {
    guard let value = keptStates[scene] as? Value else { return nil }
    keptStates[scene] = nil
    return value
  }

  private func leaveScenesThatNeedAnAccount() {
    if !isLoggedIn, stackRelay.value.contains(where: \.needsAccount) {
      stackRelay.accept([.login])
    }
  }

  /// Applies `route`, or refuses it and leaves the stack as it was.
  @discardableResult
  public func navigate(_ route: Route) -> Result<[Scene], NavigationRefusal> {
    switch next(after: route) {
    case .success(var stack):
      resumeSuspendedScenes(on: &stack)
      if stack != stackRelay.value { stackRelay.accept(stack) }
      if case .backWithResult(let result) = resolvedPlainRoute(route) {
        resultRelay.accept(result)
      }
      return .success(stack)
    case .failure(let refusal):
      refusalRelay.accept(refusal)
      return .failure(refusal)
    }
  }

  /// The stack `route` would lead to, or why it is refused. Pure: changes nothing.
  public func next(after route: Route) -> Result<[Scene], NavigationRefusal> {
    var stack = stackRelay.value
    switch route {
    case .show(let scene):
      if let refusal = refusal(toShow: scene) { return .failure(refusal) }
      if stack.last == scene { return .failure(.alreadyShown(scene)) }
      stack.append(scene)
    case .feature(let request):
      switch request.base.resolved {
      case .success(let route): return next(after: route)
      case .failure(let refusal): return .failure(refusal)
      }
    case .outward(let request):
      guard let route = destination(of: request) else {
        return .failure(.noDestination(request))
      }
      return next(after: route)
    case .back, .backWithResult:
      guard stack.count > 1 else { return .failure(.nothingToGoBackTo) }
      stack.removeLast()
    case .popToRoot:
      stack = [stack[0]]
    case .replaceRoot(let scene):
      if let refusal = refusal(toShow: scene) { return .failure(refusal) }
      stack = [scene]
    }
    return .success(stack)
  }

  /// Puts the suspended scenes back over `stack` when it is the root they had, logged in.
  private func resumeSuspendedScenes(on stack: inout [Scene]) {
    guard isLoggedIn, let suspended = suspendedStack, stack == [suspended[0]] else { return }
    suspendedStack = nil
    for scene in suspended.dropFirst() {
      guard refusal(toShow: scene) == nil, stack.last != scene else { break }
      stack.append(scene)
    }
    keptStates = keptStates.filter { stack.contains($0.key) }
  }

  /// Where the app's links send a feature's outward route, or `nil` when none takes it.
  public func destination(of route: AnyOutwardRoute) -> Route? {
    links.lazy.compactMap { $0.destination(of: route) }.first
  }

  /// The scene `route` shows or puts at the root, following features' routes and links,
  /// or `nil` for a route that shows no new scene (back) or that is refused on its own
  /// terms. It ignores the stack's rules: a front asks it to offer only the keys that lead
  /// somewhere and to name where.
  public func scene(shownBy route: Route) -> Scene? {
    switch route {
    case .show(let scene), .replaceRoot(let scene): scene
    case .feature(let request): (try? request.base.resolved.get()).flatMap(scene(shownBy:))
    case .outward(let request): destination(of: request).flatMap(scene(shownBy:))
    case .back, .backWithResult, .popToRoot: nil
    }
  }

  /// `route` with features' routes and links followed, as far as they resolve.
  private func resolvedPlainRoute(_ route: Route) -> Route {
    switch route {
    case .feature(let request):
      (try? request.base.resolved.get()).map(resolvedPlainRoute) ?? route
    case .outward(let request): destination(of: request).map(resolvedPlainRoute) ?? route
    default: route
    }
  }

  private func refusal(toShow scene: Scene) -> NavigationRefusal? {
    if scene.needsAccount, !isLoggedIn { return .requiresAccount(scene) }
    return scene.refusal
  }
}
