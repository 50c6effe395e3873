/// An observer that applies each element to a target object, on a scheduler: the way a
/// front end exposes a widget property ("is enabled", "text") to `bind(to:)`, `drive` and
/// `emit`.
///
/// The target is held weakly: once it is gone, elements are dropped. By default the binding
/// runs on `MainScheduler.instance` (at once when already on the main queue). A binder never
/// receives errors from correct code: an error is a programming mistake, which stops a debug
/// build and is printed in a release build. Completion is ignored.
public struct Binder<Value>: ObserverType {
  /// The type of the elements it receives.
  public typealias Element = Value

  private let handler: (Event<Value>) -> Void

  /// Creates a binder that calls `binding(target, value)` on `scheduler` for each element.
  public init<Target: AnyObject>(
    _ target: Target, scheduler: ImmediateSchedulerType = MainScheduler.instance,
    binding: @escaping (Target, Value) -> Void
  ) {
    handler = { [weak target] event in
      switch event {
      case .next(let value):
        _ = scheduler.schedule(value) { [weak target] value in
          if let target { binding(target, value) }
          return Disposables.create()
        }
      case .error(let error):
        bindingFailed(error)
      case .completed:
        break
      }
    }
  }

  /// Applies an element to the target; see the type's description for errors and completion.
  public func on(_ event: Event<Value>) {
    handler(event)
  }

  /// The binder as a type-erased observer.
  public func asObserver() -> AnyObserver<Value> {
    AnyObserver(eventHandler: on)
  }
}
