import Models

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
  // demo:begin
  /// Show the timeline of the selected person, if one is selected.
  case showPersonTimeline(Person?)
  // demo:end
}

/// Why the `Navigator` refused a route.
public enum NavigationRefusal: Error, Hashable, Sendable, CustomStringConvertible {
  /// The scene needs an account and no one is logged in.
  case requiresAccount(Scene)
  /// `back` on the first scene.
  case nothingToGoBackTo
  // demo:begin
  /// A person's timeline was requested without a person.
  case missingPerson
  /// A friend's id that no friend can have (zero or negative).
  case invalidIdentifier(Int)
  // demo:end
  /// The scene is already on top: a repeated request, such as a double tap.
  case alreadyShown(Scene)

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .requiresAccount(let scene): return "Log in to open \(scene.title)."
    case .nothingToGoBackTo: return "This is the first screen."
    // demo:begin
    case .missingPerson: return "Choose a person first."
    case .invalidIdentifier(let id): return Friend.missingText(id: id)
    // demo:end
    case .alreadyShown(let scene): return "\(scene.title) is already open."
    }
  }
}
