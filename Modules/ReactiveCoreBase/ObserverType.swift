/// Something that receives the events of a sequence.
public protocol ObserverType {
  /// The type of the elements it receives.
  associatedtype Element

  /// Receives one event.
  func on(_ event: Event<Element>)
}

extension ObserverType {
  /// Sends `.next(element)`.
  @inlinable public func onNext(_ element: Element) { on(.next(element)) }

  /// Sends `.completed`.
  @inlinable public func onCompleted() { on(.completed) }

  /// Sends `.error(error)`.
  @inlinable public func onError(_ error: Swift.Error) { on(.error(error)) }

  /// A type-erased form of this observer.
  public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

  /// An observer of `Result` that transforms each element before sending it here.
  public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element)
    -> AnyObserver<Result>
  {
    AnyObserver { event in self.on(event.map(transform)) }
  }
}

/// A type-erased observer.
public struct AnyObserver<Element>: ObserverType {
  /// The closure form of an observer.
  public typealias EventHandler = (Event<Element>) -> Void

  @usableFromInline let handler: EventHandler

  /// Creates an observer that calls `eventHandler` for each event.
  @inlinable public init(eventHandler: @escaping EventHandler) { handler = eventHandler }

  /// Wraps `observer`.
  public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    handler = observer.on
  }

  /// Forwards the event to the wrapped observer.
  @inlinable public func on(_ event: Event<Element>) { handler(event) }

  /// Returns `self`.
  public func asObserver() -> AnyObserver<Element> { self }
}
