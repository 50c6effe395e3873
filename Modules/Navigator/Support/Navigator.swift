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
  private var isLoggedIn: Bool

  /// Creates a navigator showing `root`; `isLoggedIn` decides which scenes are allowed.
  public init(root: Scene, isLoggedIn: Bool) {
    self.isLoggedIn = isLoggedIn
    stackRelay = BehaviorRelay(value: [root])
  }

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

  /// Records whether someone is logged in; logging out leaves only the login scene.
  public func setLoggedIn(_ loggedIn: Bool) {
    isLoggedIn = loggedIn
    if !loggedIn, stackRelay.value.contains(where: \.needsAccount) {
      stackRelay.accept([.login])
    }
  }

  /// Applies `route`, or refuses it and leaves the stack as it was.
  @discardableResult
  public func navigate(_ route: Route) -> Result<[Scene], NavigationRefusal> {
    switch next(after: route) {
    case .success(let stack):
      if stack != stackRelay.value { stackRelay.accept(stack) }
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
    case .back:
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

  private func refusal(toShow scene: Scene) -> NavigationRefusal? {
    if scene.needsAccount, !isLoggedIn { return .requiresAccount(scene) }
    return scene.refusal
  }
}
