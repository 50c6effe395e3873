extension ObservableType {
  /// A sequence of one element, then `.completed`, both delivered during `subscribe`.
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    Producer(JustElement(element), startsTrampoline: false) { payload, sink, _ in
      sink(.next(payload.element))
      sink(.completed)
      return Disposables.create()
    }
  }

  /// A sequence of one element, then `.completed`, delivered on `scheduler` in two steps: the
  /// completion is scheduled after the element is delivered.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType)
    -> Observable<Element>
  {
    Producer((element, scheduler)) { payload, sink, lifetime in
      runSteps(JustSteps(payload.0), on: payload.1, sink, lifetime)
    }
  }
}

/// The payload of `just(_:)`'s producer, a type of its own so that `justElement` can tell a
/// `just` from every other sequence.
@usableFromInline
struct JustElement<Element> {
  @usableFromInline let element: Element

  @inlinable init(_ element: Element) { self.element = element }
}

extension Observable {
  /// The element of a sequence made by `just(_:)`, which emits it and completes during `run`
  /// and returns nothing to dispose; `nil` for any other sequence. An operator that subscribes
  /// many inner sources may deliver such a sequence's two events itself instead of
  /// subscribing it. The check compares the object's class with `just`'s producer (`Producer`
  /// is final): one load and one compare, with no runtime cast.
  @inlinable var justElement: Element? {
    typealias JustProducer = Producer<Element, JustElement<Element>>
    guard type(of: self) == JustProducer.self else { return nil }
    return unsafeDowncast(self, to: JustProducer.self).payload.element
  }
}
