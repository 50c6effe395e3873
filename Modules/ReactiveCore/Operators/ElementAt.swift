extension ObservableType {
  /// The element at zero-based position `index`, then `.completed`.
  ///
  /// Completes right after that element, which ends the subscription to this sequence. If this
  /// sequence completes first, the result fails with `RxError.argumentOutOfRange`; its errors
  /// are forwarded. `index` must not be negative.
  @inlinable
  public func element(at index: Int) -> Observable<Element> {
    precondition(index >= 0, "element(at:) needs an index of zero or more")
    return Producer((asObservable(), index)) { payload, sink, lifetime in
      let remaining = Box(payload.1)
      return payload.0.run(
        { event in
          guard remaining.value >= 0 else { return }
          switch event {
          case .next:
            remaining.value -= 1
            if remaining.value < 0 {
              sink(event)
              sink(.completed)
            }
          case .error:
            remaining.value = -1
            sink(event)
          case .completed:
            remaining.value = -1
            sink(.error(RxError.argumentOutOfRange))
          }
        }, lifetime)
    }
  }

  /// The only element of this sequence, then `.completed`.
  ///
  /// The element is emitted as soon as it arrives. A second element ends the result with
  /// `RxError.moreThanOneElement`; completing without any element ends it with
  /// `RxError.noElements`. Errors are forwarded.
  @inlinable
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// The only element that satisfies `predicate`, then `.completed`.
  ///
  /// The element is emitted as soon as it arrives. A second matching element ends the result
  /// with `RxError.moreThanOneElement`; completing without a match ends it with
  /// `RxError.noElements`. Errors, including one thrown by `predicate`, are forwarded.
  @inlinable
  public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Producer((asObservable(), predicate)) { payload, sink, lifetime in
      let (source, predicate) = payload
      // 0: nothing seen yet, 1: one element seen, 2: ended.
      let state = Box(0)
      return source.run(
        { event in
          guard state.value < 2 else { return }
          switch event {
          case .next(let value):
            do {
              guard try predicate(value) else { return }
            } catch {
              state.value = 2
              sink(.error(error))
              return
            }
            if state.value == 1 {
              state.value = 2
              sink(.error(RxError.moreThanOneElement))
              return
            }
            state.value = 1
            sink(event)
          case .error:
            state.value = 2
            sink(event)
          case .completed:
            let seen = state.value == 1
            state.value = 2
            sink(seen ? .completed : .error(RxError.noElements))
          }
        }, lifetime)
    }
  }

  /// The first element, or `nil` if this sequence completes empty, then `.completed`.
  ///
  /// Completes right after the first element, which ends the subscription to this sequence.
  /// Errors are forwarded.
  @inlinable
  public func first() -> Observable<Element?> {
    Producer(asObservable()) { source, sink, lifetime in
      let done = Box(false)
      return source.run(
        { event in
          guard !done.value else { return }
          done.value = true
          switch event {
          case .next(let value):
            sink(.next(value))
            sink(.completed)
          case .error(let error): sink(.error(error))
          case .completed:
            sink(.next(nil))
            sink(.completed)
          }
        }, lifetime)
    }
  }

  /// Drops every element and mirrors only the terminal event.
  @inlinable
  public func ignoreElements() -> Observable<Never> {
    Producer(asObservable()) { source, sink, lifetime in
      source.run(
        { event in
          switch event {
          case .next: break
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
    }
  }
}
