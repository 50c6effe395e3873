/// A request to change what is on screen, as view models emit it.
///
/// View models never navigate themselves: they expose routes as an output (a `Signal<Route>`),
/// and the front end forwards them to the `Navigator`, which applies or refuses them.
public enum Route: Hashable, Sendable {
  /// Show `scene` on top of the current one.
  case show(Scene)
  /// Go back to the previous scene.
  case back
  /// Go back to the first scene of the stack.
  case popToRoot
  /// Replace the whole stack with `scene` (after logging in or out, for example).
  case replaceRoot(Scene)
  /// A feature's own request, which the feature turns into one of the routes above, or
  /// refuses.
  case feature(AnyFeatureRoute)

  /// Wraps a feature's own request.
  public init(_ route: some FeatureRoute) {
    self = .feature(AnyFeatureRoute(route))
  }
}

/// A request of one feature's own, declared in the feature's folder: one that may be refused
/// for the feature's reasons before it is a plain route (a record's screen asked for before a
/// record is chosen, say).
public protocol FeatureRoute: Hashable, Sendable {
  /// The plain route this request stands for, or why it is refused.
  var resolved: Result<Route, NavigationRefusal> { get }
}

/// A feature's route, whatever the feature.
public struct AnyFeatureRoute: Hashable, Sendable, CustomStringConvertible {
  /// The feature's route.
  public let base: any FeatureRoute

  /// Wraps a feature's route.
  public init(_ base: some FeatureRoute) {
    self.base = base
  }

  /// The feature's route, as it prints.
  public var description: String { String(describing: base) }

  public static func == (lhs: AnyFeatureRoute, rhs: AnyFeatureRoute) -> Bool {
    featureValuesAreEqual(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    featureValue(base, into: &hasher)
  }
}

/// Why one feature refuses a scene or a route, declared in the feature's folder.
public protocol FeatureRefusal: Error, Hashable, Sendable, CustomStringConvertible {}

/// Why the `Navigator` refused a route.
public enum NavigationRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// The scene needs an account and no one is logged in.
  case requiresAccount(Scene)
  /// `back` on the first scene.
  case nothingToGoBackTo
  /// The scene is already on top: a repeated request, such as a double tap.
  case alreadyShown(Scene)
  /// A feature's own reason.
  case feature(AnyFeatureRefusal)

  /// Wraps a feature's own reason.
  public init(_ refusal: some FeatureRefusal) {
    self = .feature(AnyFeatureRefusal(refusal))
  }

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .requiresAccount(let scene): return "Log in to open \(scene.title)."
    case .nothingToGoBackTo: return "This is the first screen."
    case .alreadyShown(let scene): return "\(scene.title) is already open."
    case .feature(let refusal): return refusal.description
    }
  }
}

/// A feature's refusal, whatever the feature.
public struct AnyFeatureRefusal: Hashable, Sendable, CustomStringConvertible {
  /// The feature's refusal.
  public let base: any FeatureRefusal

  /// Wraps a feature's refusal.
  public init(_ base: some FeatureRefusal) {
    self.base = base
  }

  /// The feature's sentence for the user.
  public var description: String { base.description }

  public static func == (lhs: AnyFeatureRefusal, rhs: AnyFeatureRefusal) -> Bool {
    featureValuesAreEqual(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    featureValue(base, into: &hasher)
  }
}
