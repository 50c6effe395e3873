extension ObservableType {
  /// A sequence of one element, then `.completed`, both delivered during `subscribe`.
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    Producer(element) { element, sink, _ in
      sink(.next(element))
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

  /// A sequence that completes at once, without elements.
  @inlinable
  public static func empty() -> Observable<Element> {
    Producer(()) { _, sink, _ in
      sink(.completed)
      return Disposables.create()
    }
  }

  /// A sequence that never emits anything.
  @inlinable
  public static func never() -> Observable<Element> {
    Producer(()) { _, _, _ in Disposables.create() }
  }

  /// A sequence that fails at once with `error`.
  @inlinable
  public static func error(_ error: Swift.Error) -> Observable<Element> {
    Producer(error) { error, sink, _ in
      sink(.error(error))
      return Disposables.create()
    }
  }

  /// A sequence made anew for each subscriber by `observableFactory`; a thrown error becomes
  /// the sequence's error.
  public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>)
    -> Observable<Element>
  {
    Producer(observableFactory) { factory, sink, lifetime in
      do {
        return try factory().run(sink, lifetime)
      } catch {
        sink(.error(error))
        return Disposables.create()
      }
    }
  }
}
