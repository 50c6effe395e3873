extension ObservableType {
  /// A sequence produced by a loop: `initialState`, then `iterate` applied to the previous
  /// element, for as long as `condition` holds; then `.completed`.
  ///
  /// Each subscription runs its own loop. On `CurrentThreadScheduler` (the default) the elements
  /// are delivered during `subscribe`, and the loop stops as soon as the subscriber is done, so
  /// an endless generator can be limited with `take`. An error thrown by `condition` or
  /// `iterate` ends the sequence with that error. `iterate` is called only when the next element
  /// is needed.
  @inlinable
  public static func generate(
    initialState: Element, condition: @escaping (Element) throws -> Bool,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
    iterate: @escaping (Element) throws -> Element
  ) -> Observable<Element> {
    Producer((initialState, condition, scheduler, iterate)) { payload, sink, lifetime in
      let (initialState, condition, scheduler, iterate) = payload
      if scheduler is CurrentThreadScheduler {
        var state = initialState
        var isFirst = true
        do {
          while !lifetime.isEnded {
            if !isFirst { state = try iterate(state) }
            isFirst = false
            guard try condition(state) else {
              sink(.completed)
              break
            }
            sink(.next(state))
          }
        } catch {
          sink(.error(error))
        }
        return Disposables.create()
      }
      return scheduler.scheduleRecursive((initialState, true)) { step, recurse in
        do {
          let state = step.1 ? step.0 : try iterate(step.0)
          guard try condition(state) else {
            sink(.completed)
            return
          }
          sink(.next(state))
          recurse((state, false))
        } catch {
          sink(.error(error))
        }
      }
    }
  }

  /// An endless sequence that repeats `element`.
  ///
  /// On `CurrentThreadScheduler` (the default) the elements are delivered during `subscribe` in
  /// a loop that stops as soon as the subscriber is done, for example after `take(3)`; on
  /// another scheduler, one element per scheduled step until disposed.
  @inlinable
  public static func repeatElement(
    _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    Producer((element, scheduler)) { payload, sink, lifetime in
      let (element, scheduler) = payload
      if scheduler is CurrentThreadScheduler {
        while !lifetime.isEnded { sink(.next(element)) }
        return Disposables.create()
      }
      return scheduler.scheduleRecursive(element) { element, recurse in
        sink(.next(element))
        recurse(element)
      }
    }
  }
}
