/// A request to change what is on screen, as view models emit it.
///
/// View models never navigate themselves: they expose routes as an output (a `Signal<Route>`),
/// and the front end forwards them to the `Navigator`, which applies or refuses them.
public enum Route: Hashable, Sendable {
  /// Show `scene` on top of the current one.
  case show(Scene)
  /// Go back to the previous scene.
  case back
  /// Go back to the previous scene and hand it `result` (what a form saved, say): the
  /// navigator emits it on ``Navigator/results`` for the scene now on top.
  case backWithResult(SceneResult)
  /// Go back to the first scene of the stack.
  case popToRoot
  /// Replace the whole stack with `scene` (after logging in or out, for example).
  case replaceRoot(Scene)
  /// A feature's own request, which the feature turns into one of the routes above, or
  /// refuses.
  case feature(AnyFeatureRoute)
  /// A request to leave the feature (to find a record, say), which the app's links send to
  /// another feature's scene; refused when no link takes it.
  case outward(AnyOutwardRoute)

  /// Wraps a feature's own request.
  public init(_ route: some FeatureRoute) {
    self = .feature(AnyFeatureRoute(route))
  }

  /// Wraps a feature's request to leave the feature.
  public init(outward route: some OutwardRoute) {
    self = .outward(AnyOutwardRoute(route))
  }
}

/// What a scene hands back to the scene below it as it goes (``Route/backWithResult(_:)``):
/// a value of the feature's own type, which only that feature reads.
public struct SceneResult: Hashable, Sendable, CustomStringConvertible {
  /// The feature's value.
  public let base: any Hashable & Sendable

  /// Wraps a feature's value.
  public init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  /// The value, when it is one of `type`.
  public func `as`<Value: Hashable & Sendable>(_ type: Value.Type) -> Value? { base as? Value }

  /// The value, as it prints.
  public var description: String { String(describing: base) }

  public static func == (lhs: SceneResult, rhs: SceneResult) -> Bool {
    featureValuesAreEqual(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    featureValue(base, into: &hasher)
  }
}

/// A feature's request to go somewhere outside the feature, declared in the feature's folder
/// in the feature's own words ("find a record"), never naming another feature: the app
/// decides with an ``OutwardLink`` which scene, if any, answers it, so a feature can be
/// removed without breaking the features that led to it.
public protocol OutwardRoute: Hashable, Sendable, CustomStringConvertible {}

/// A feature's request to leave it, whatever the feature.
public struct AnyOutwardRoute: Hashable, Sendable, CustomStringConvertible {
  /// The feature's request.
  public let base: any OutwardRoute

  /// Wraps a feature's request.
  public init(_ base: some OutwardRoute) {
    self.base = base
  }

  /// The request, as the feature words it.
  public var description: String { base.description }

  public static func == (lhs: AnyOutwardRoute, rhs: AnyOutwardRoute) -> Bool {
    featureValuesAreEqual(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    featureValue(base, into: &hasher)
  }
}

/// Where the app sends one feature's outward routes: written where the app is composed (the
/// front's list of features), the one place that names both features.
public struct OutwardLink: Sendable {
  private let destination: @Sendable (AnyOutwardRoute) -> Route?

  /// Sends each outward route of type `Source` to the route `destination` gives.
  public init<Source: OutwardRoute>(
    _ source: Source.Type, to destination: @escaping @Sendable (Source) -> Route
  ) {
    self.destination = { route in (route.base as? Source).map(destination) }
  }

  /// Sends the outward route `source` (one case of a feature's routes) to `route`.
  public init<Source: OutwardRoute>(_ source: Source, to route: Route) {
    self.destination = { request in (request.base as? Source) == source ? route : nil }
  }

  /// Where `route` leads, or `nil` when this link is for another feature's routes.
  public func destination(of route: AnyOutwardRoute) -> Route? {
    destination(route)
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
  /// No link of the app takes the feature's outward route: the feature it would lead to is
  /// not part of the app.
  case noDestination(AnyOutwardRoute)

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
    case .noDestination(let route): return "Nothing in this app is for \(route)."
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
