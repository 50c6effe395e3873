/// A resource that can be released: a subscription, a scheduled action, a timer.
///
/// `dispose()` is idempotent and thread-safe in every disposable of this library, so a
/// disposable may be handed to another thread or task (hence `Sendable`).
public protocol Disposable: Sendable {
  /// Releases the resource. Calling it again does nothing.
  func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
  /// Whether `dispose()` has been called.
  var isDisposed: Bool { get }
}

extension Disposable {
  /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}

/// Factories for the common disposables.
public struct Disposables: Sendable {
  private init() {}

  /// A disposable that does nothing.
  @inlinable public static func create() -> Disposable { NopDisposable() }

  /// A disposable that runs `dispose` once, the first time it is disposed.
  public static func create(with dispose: @escaping () -> Void) -> Cancelable {
    AnonymousDisposable(dispose)
  }

  /// A disposable that disposes both arguments.
  public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
    CompositeDisposable(disposable1, disposable2)
  }

  /// A disposable that disposes the three arguments.
  public static func create(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable
  ) -> Cancelable {
    CompositeDisposable(disposable1, disposable2, disposable3)
  }

  /// A disposable that disposes all the arguments.
  public static func create(
    _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
    _ disposables: Disposable...
  ) -> Cancelable {
    CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
  }

  /// A disposable that disposes every element of `disposables`.
  public static func create(_ disposables: [Disposable]) -> Cancelable {
    CompositeDisposable(disposables: disposables)
  }
}

extension Disposable {
  /// Whether this is the shared disposable that does nothing, which need not be kept.
  @inlinable var isNop: Bool {
    // The static type of the opened existential: exact for a struct, and no runtime call (the
    // dynamic type would cost one).
    Self.self == NopDisposable.self
  }
}

/// The disposable that does nothing, which `isNop` recognises so that it need not be kept.
@usableFromInline
struct NopDisposable: Disposable {
  @inlinable init() {}
  @inlinable func dispose() {}
}
