/// One feature's screens, declared in the feature's own folder as an enum of its own, so that
/// the compiler checks every `switch` over them there.
///
/// The navigator knows no feature: it asks a scene for its title, whether it needs an
/// account and whether it may be shown at all, and stacks it like any other.
///
/// ```swift
/// public enum NotesScene: FeatureScene {
///   case list
///   case note(id: Int)
///
///   public var title: String {
///     switch self {
///     case .list: "Notes"
///     case .note: "Note"
///     }
///   }
/// }
/// ```
public protocol FeatureScene: Hashable, Sendable {
  /// A short title, for headers and help.
  var title: String { get }
  /// Whether the scene can be shown only while someone is logged in (the default).
  var needsAccount: Bool { get }
  /// Why this scene cannot be shown at all (an id no record can have, say), or `nil`.
  var refusal: NavigationRefusal? { get }
}

extension FeatureScene {
  /// Most scenes need an account.
  public var needsAccount: Bool { true }
  /// Most scenes can always be shown.
  public var refusal: NavigationRefusal? { nil }
}

/// A screen of the app: one feature's scene, whatever the feature.
///
/// Features add names for their scenes (`extension Scene { static var notes: Scene {
/// Scene(NotesScene.list) } }`), so that view models write `.show(.notes)`, and read their
/// own scene back with ``as(_:)``.
public struct Scene: Hashable, Sendable, CustomStringConvertible {
  /// The feature's scene.
  public let base: any FeatureScene

  /// Wraps one feature's scene.
  public init(_ base: some FeatureScene) {
    self.base = base
  }

  /// A short title, for headers and help.
  public var title: String { base.title }

  /// Whether the scene can be shown only while someone is logged in.
  public var needsAccount: Bool { base.needsAccount }

  /// Why the scene cannot be shown at all, or `nil`.
  public var refusal: NavigationRefusal? { base.refusal }

  /// The feature's scene, when it is one of `type`.
  public func `as`<Base: FeatureScene>(_ type: Base.Type) -> Base? { base as? Base }

  /// The scene's type and case.
  public var description: String { "\(type(of: base)).\(String(describing: base))" }

  public static func == (lhs: Scene, rhs: Scene) -> Bool {
    featureValuesAreEqual(lhs.base, rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    featureValue(base, into: &hasher)
  }
}

/// Whether two values known by a protocol are of one type and equal.
func featureValuesAreEqual(_ lhs: any Hashable & Sendable, _ rhs: any Hashable & Sendable) -> Bool {
  func equals<Value: Hashable>(_ value: Value) -> Bool { (rhs as? Value) == value }
  return equals(lhs)
}

/// Hashes a value known by a protocol, with its type.
func featureValue(_ value: any Hashable & Sendable, into hasher: inout Hasher) {
  hasher.combine(ObjectIdentifier(type(of: value)))
  hasher.combine(AnyHashable(value))
}
