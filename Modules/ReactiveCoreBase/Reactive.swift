/// The `.rx` namespace: where reactive extensions of a type live, such as a widget's binders.
///
/// ```swift
/// extension Reactive where Base: StatusLine {
///   var text: Binder<String> { Binder(base) { line, text in line.text = text } }
/// }
/// viewModel.title.drive(statusLine.rx.text)
/// ```
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The extended value.
  public let base: Base

  /// Wraps `base`.
  public init(_ base: Base) {
    self.base = base
  }

  /// A binder that sets a writable property of a class instance, on the main scheduler.
  public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>)
    -> Binder<Property> where Base: AnyObject
  {
    Binder(base) { base, value in base[keyPath: keyPath] = value }
  }
}

/// A type with a `.rx` namespace.
public protocol ReactiveCompatible {
  /// The type the namespace extends.
  associatedtype ReactiveBase

  /// The namespace of the type.
  static var rx: Reactive<ReactiveBase>.Type { get set }

  /// The namespace of the value.
  var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
  /// The namespace of the type.
  public static var rx: Reactive<Self>.Type {
    get { Reactive<Self>.self }
    // Lets `Type.rx` be used on mutable receivers; there is nothing to store.
    set {}
  }

  /// The namespace of the value.
  public var rx: Reactive<Self> {
    get { Reactive(self) }
    // Lets `value.rx` be used on mutable receivers; there is nothing to store.
    set {}
  }
}
