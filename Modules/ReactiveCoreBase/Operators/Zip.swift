/// How many elements wait in each queue of a `zip`, and which sources are done.
@usableFromInline
struct ZipState {
  @usableFromInline var queued: [Int]
  @usableFromInline var isDone: [Bool]
  @usableFromInline var nonEmpty = 0
  @usableFromInline var doneCount = 0
  /// Whether an element that finds every other source completed, and cannot be paired,
  /// completes the result (the collection form of `zip`, as in RxSwift); the fixed-arity
  /// forms complete only once every source completed.
  @usableFromInline let completesWhenUnpairable: Bool

  @inlinable init(count: Int, completesWhenUnpairable: Bool = false) {
    queued = Array(repeating: 0, count: count)
    isDone = Array(repeating: false, count: count)
    self.completesWhenUnpairable = completesWhenUnpairable
  }
}

extension GroupSink where State == ZipState {
  /// Source `index` queued an element: emit a combination once every queue has one.
  /// `combine` dequeues one element from each queue.
  @inlinable func zipNext(_ index: Int, _ combine: () throws -> Element) {
    state.queued[index] += 1
    if state.queued[index] == 1 { state.nonEmpty += 1 }
    guard state.nonEmpty == inners.count else {
      if state.completesWhenUnpairable && state.doneCount == inners.count - 1
        && !state.isDone[index]
      {
        // Every other source completed and one of them has no element left for this one.
        stop(.completed)
      }
      return
    }
    for slot in state.queued.indices {
      state.queued[slot] -= 1
      if state.queued[slot] == 0 { state.nonEmpty -= 1 }
    }
    let result: Element
    do { result = try combine() } catch {
      stop(.error(error))
      return
    }
    forward(result)
  }

  /// Source `index` completed: the result completes once every source has.
  @inlinable func zipDone(_ index: Int) {
    if state.isDone[index] { return }
    state.isDone[index] = true
    state.doneCount += 1
    if state.doneCount == inners.count {
      stop(.completed)
    } else {
      finish(index)
    }
  }
}

/// The event handler of source `index` of a `zip`, which queues its elements in `queue`.
@inlinable
func zipHandler<Element, Value>(
  _ index: Int, _ queue: Box<FIFO<Value>>, _ combine: @escaping () throws -> Element
) -> (GroupSink<Element, ZipState>, Event<Value>) -> Void {
  { group, event in
    switch event {
    case .next(let value):
      queue.value.append(value)
      group.zipNext(index, combine)
    case .error(let error): group.stop(.error(error))
    case .completed: group.zipDone(index)
    }
  }
}

extension ObservableType {
  /// Combines the elements of every source of `collection` with `resultSelector`, pairing
  /// each source's first element, then each one's second, and so on.
  ///
  /// An empty collection completes at once. The result completes when every source completed,
  /// or as soon as an element arrives that cannot be paired while every other source has
  /// completed (one of them has no element left for it); it then disposes every source.
  /// Errors and disposal are as for `zip(_:_:resultSelector:)`.
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    Producer((collection.map { $0.asObservable() }, resultSelector)) { payload, sink, lifetime in
      let sources = payload.0
      let selector = payload.1
      if sources.isEmpty {
        sink(.completed)
        return Disposables.create()
      }
      let group = GroupSink(
        count: sources.count,
        state: ZipState(count: sources.count, completesWhenUnpairable: true), sink, lifetime)
      let queues = Box(
        [FIFO<Collection.Element.Element>](repeating: FIFO(), count: sources.count))
      let combine = {
        try selector(queues.value.indices.map { queues.value[$0].removeFirst() })
      }
      for (index, source) in sources.enumerated() {
        group.subscribe(source, at: index) { group, event in
          switch event {
          case .next(let value):
            queues.value[index].append(value)
            group.zipNext(index, combine)
          case .error(let error): group.stop(.error(error))
          case .completed: group.zipDone(index)
          }
        }
      }
      return group
    }
  }

  /// Emits arrays of the elements of every source of `collection`, paired in order; see
  /// `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.zip(collection) { $0 }
  }
}
