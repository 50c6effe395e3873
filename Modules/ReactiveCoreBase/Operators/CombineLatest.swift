/// Which sources of a `combineLatest` have a value and which are done.
@usableFromInline
struct CombineLatestState {
  @usableFromInline var hasValue: [Bool]
  @usableFromInline var isDone: [Bool]
  @usableFromInline var valueCount = 0
  @usableFromInline var doneCount = 0

  @inlinable init(count: Int) {
    hasValue = Array(repeating: false, count: count)
    isDone = Array(repeating: false, count: count)
  }
}

extension GroupSink where State == CombineLatestState {
  /// Source `index` stored a new latest value: emit a combination once every source has one.
  @inlinable func combineLatestNext(_ index: Int, _ combine: () throws -> Element) {
    if !state.hasValue[index] {
      state.hasValue[index] = true
      state.valueCount += 1
    }
    if state.valueCount == inners.count {
      let result: Element
      do { result = try combine() } catch {
        stop(.error(error))
        return
      }
      forward(result)
    } else if state.doneCount - (state.isDone[index] ? 1 : 0) == inners.count - 1 {
      // Every other source is done and one of them never emitted: nothing can follow.
      stop(.completed)
    }
  }

  /// Source `index` completed: the result completes once every source has.
  @inlinable func combineLatestDone(_ index: Int) {
    if state.isDone[index] { return }
    state.isDone[index] = true
    state.doneCount += 1
    if state.doneCount == inners.count {
      // As in RxSwift, the source that completed last is disposed before the completion.
      send(.completed)
    } else {
      finish(index)
    }
  }
}

/// The event handler of source `index` of a `combineLatest`, which keeps its latest value in
/// `latest`.
@inlinable
func combineLatestHandler<Element, Value>(
  _ index: Int, _ latest: Box<Value?>, _ combine: @escaping () throws -> Element
) -> (GroupSink<Element, CombineLatestState>, Event<Value>) -> Void {
  { group, event in
    switch event {
    case .next(let value):
      latest.value = value
      group.combineLatestNext(index, combine)
    case .error(let error): group.stop(.error(error))
    case .completed: group.combineLatestDone(index)
    }
  }
}

extension ObservableType {
  /// Combines the latest elements of every source of `collection` with `resultSelector`
  /// whenever any of them emits, once each has emitted at least once.
  ///
  /// An empty collection emits `resultSelector([])` and completes. Otherwise completion,
  /// errors and disposal are as for `combineLatest(_:_:resultSelector:)`.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    Producer((collection.map { $0.asObservable() }, resultSelector)) { payload, sink, lifetime in
      let sources = payload.0
      let selector = payload.1
      if sources.isEmpty {
        do { sink(.next(try selector([]))) } catch {
          sink(.error(error))
          return Disposables.create()
        }
        sink(.completed)
        return Disposables.create()
      }
      let group = GroupSink(
        count: sources.count, state: CombineLatestState(count: sources.count), sink, lifetime)
      let latest = Box([Collection.Element.Element?](repeating: nil, count: sources.count))
      let combine = { try selector(latest.value.map { $0.unsafelyUnwrapped }) }
      for (index, source) in sources.enumerated() {
        group.subscribe(source, at: index) { group, event in
          switch event {
          case .next(let value):
            latest.value[index] = value
            group.combineLatestNext(index, combine)
          case .error(let error): group.stop(.error(error))
          case .completed: group.combineLatestDone(index)
          }
        }
      }
      return group
    }
  }

  /// Emits arrays of the latest elements of every source of `collection`, in the
  /// collection's order; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.combineLatest(collection) { $0 }
  }
}
