/// The elements of one group of `groupBy`, with the key they share.
public struct GroupedObservable<Key, Element>: ObservableType {
  /// The key shared by the elements of this group.
  public let key: Key

  @usableFromInline let source: Observable<Element>

  /// Creates a group with `key` whose elements come from `source`.
  public init(key: Key, source: Observable<Element>) {
    self.key = key
    self.source = source
  }

  /// Subscribes `observer` to the group's elements.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// The group as an observable.
  public func asObservable() -> Observable<Element> { source }
}

extension ObservableType {
  /// Splits the elements into groups by the key `keySelector` gives them: emits a
  /// `GroupedObservable` when a new key appears, and sends each element to its group.
  ///
  /// A group's observers get the elements that arrive after they subscribed (subscribe in the
  /// handler of the group to get its first element). Completion and errors of this sequence, or
  /// an error thrown by `keySelector`, reach every group and then the result, and end the
  /// subscription to this sequence. The source stays subscribed while the result or any group
  /// is subscribed.
  @inlinable
  public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
    -> Observable<GroupedObservable<Key, Element>>
  {
    Producer((asObservable(), keySelector)) { payload, sink, lifetime in
      let (source, keySelector) = payload
      let upstream = InnerSubscription(parent: nil)
      let refCount = RefCountDisposable(disposable: upstream)
      let groups = Box<[Key: PublishSubject<Element>]?>([:])
      let end = { (event: Event<Element>) in
        guard let current = groups.value else { return }
        groups.value = nil
        for group in current.values { group.on(event) }
        switch event {
        case .error(let error): sink(.error(error))
        default: sink(.completed)
        }
        upstream.dispose()
      }
      upstream.setDisposable(
        source.run(
          { event in
            guard groups.value != nil else { return }
            switch event {
            case .next(let value):
              let key: Key
              do { key = try keySelector(value) } catch {
                end(.error(error))
                return
              }
              if let group = groups.value![key] {
                group.on(.next(value))
                return
              }
              let group = PublishSubject<Element>()
              groups.value![key] = group
              let shared = Producer((group, refCount), startsTrampoline: false) {
                payload, sink, lifetime in
                let retained = payload.1.retain()
                let subscription = payload.0.run(sink, lifetime)
                return Disposables.create(retained, subscription)
              }
              sink(.next(GroupedObservable(key: key, source: shared)))
              group.on(.next(value))
            case .error, .completed: end(event)
            }
          }, upstream))
      return refCount
    }
  }
}
