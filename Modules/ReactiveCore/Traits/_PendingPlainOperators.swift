// ============================================================================================
// PLACEHOLDERS: DELETE THIS WHOLE FILE when the real plain operators are in the module:
// `share(replay:scope:)` with `SubjectLifetimeScope`, `flatMap`, `flatMapFirst`,
// `flatMapLatest`, `catch`, `catchAndReturn`, `retry()`, `retry(_:)`, `retry(when:)`, `do`,
// `distinctUntilChanged` (four forms), `startWith`, `skip(_:)`, `withLatestFrom` (two forms),
// `combineLatest` (2 to 4 sources with a result selector, 2 as a tuple, and a collection),
// `zip` (2 to 8 sources with a result selector, and a collection), `merge`, `concat` (static
// and instance), `ifEmpty(default:)`, `ifEmpty(switchTo:)` and `ignoreElements()`.
//
// Everything here is internal and deliberately minimal (correct, not fast): just enough for
// the traits, Infallible, Driver and Signal, which forward to these operators by name, to
// compile and run. The real operators must keep these names and labels.
// ============================================================================================

// MARK: - share

/// Placeholder: how long a shared sequence keeps its subject.
@usableFromInline
enum SubjectLifetimeScope {
  /// A new subject (and a new subscription to the source) each time the subscriber count goes
  /// from zero to one, or after the source ends.
  case whileConnected
  /// One subject for the life of the shared sequence.
  case forever
}

extension ObservableType {
  /// Placeholder: shares one subscription to the source among the subscribers, replaying the
  /// last `replay` elements to each new one.
  @usableFromInline
  func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected)
    -> Observable<Element>
  {
    SharedSource(asObservable(), replay: replay, forever: scope == .forever)
  }
}

/// Placeholder: the shared form of a source.
final class SharedSource<Element>: Observable<Element>, @unchecked Sendable {
  // `current` and each connection's `count`, `upstream` and `lifetime` are guarded by `lock`.
  final class Connection {
    let subject: Observable<Element>
    let on: (Event<Element>) -> Void
    var count = 0
    var upstream: Disposable?
    var lifetime: Lifetime?

    init(replay: Int) {
      if replay == 0 {
        let subject = PublishSubject<Element>()
        (self.subject, on) = (subject, subject.on)
      } else {
        let subject = ReplaySubject<Element>.create(bufferSize: replay)
        (self.subject, on) = (subject, subject.on)
      }
    }
  }

  private let source: Observable<Element>
  private let replay: Int
  private let forever: Bool
  private let lock = Lock(recursive: true)
  private var current: Connection?

  init(_ source: Observable<Element>, replay: Int, forever: Bool) {
    self.source = source
    self.replay = replay
    self.forever = forever
  }

  override func run(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) -> Disposable {
    lock.lock()
    defer { lock.unlock() }
    let connection = current ?? Connection(replay: replay)
    current = connection
    let observation = connection.subject.run(sink, lifetime)
    connection.count += 1
    if connection.upstream == nil {
      let upstreamLifetime = Lifetime(parent: nil)
      connection.lifetime = upstreamLifetime
      connection.upstream = source.run(
        { [self] event in
          if event.isStopEvent && !forever {
            lock.withLock { if current === connection { current = nil } }
          }
          connection.on(event)
        }, upstreamLifetime)
    }
    return Disposables.create { [self] in
      observation.dispose()
      lock.withLock {
        connection.count -= 1
        guard connection.count == 0 else { return }
        connection.lifetime?.end()
        connection.upstream?.dispose()
        connection.upstream = nil
        if current === connection && !forever { current = nil }
      }
    }
  }
}

// MARK: - flatMap, flatMapFirst, flatMapLatest, merge

@usableFromInline
enum FlattenStrategy {
  case merge, first, latest
}

extension ObservableType {
  /// Placeholder: merges the sequences `selector` makes of each element.
  @usableFromInline
  func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    flatten(.merge, selector)
  }

  /// Placeholder: like `flatMap`, but ignores elements while an inner sequence runs.
  @usableFromInline
  func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    flatten(.first, selector)
  }

  /// Placeholder: like `flatMap`, but each element cancels the previous inner sequence.
  @usableFromInline
  func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    flatten(.latest, selector)
  }

  /// Placeholder: the events of every source, as they come.
  @usableFromInline
  static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable.from(sources).flatten(.merge) { $0 }
  }

  /// Placeholder: the events of every source, as they come.
  @usableFromInline
  static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    merge(sources)
  }

  func flatten<Source: ObservableConvertibleType>(
    _ strategy: FlattenStrategy, _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    Producer((asObservable(), selector, strategy)) { payload, sink, lifetime in
      FlattenRun(sink, lifetime, payload.1, payload.2).start(payload.0)
    }
  }
}

/// Placeholder: one subscription of a flattening operator.
final class FlattenRun<Element, Source: ObservableConvertibleType>: @unchecked Sendable {
  // Mutable state guarded by `lock`.
  let lock = Lock(recursive: true)
  let sink: EventSink<Source.Element>
  let lifetime: Lifetime
  let selector: (Element) throws -> Source
  let strategy: FlattenStrategy
  let group = CompositeDisposable()
  var active = 0
  var outerDone = false
  var stopped = false
  var latest: (lifetime: Lifetime, key: CompositeDisposable.DisposeKey)?

  init(
    _ sink: @escaping EventSink<Source.Element>, _ lifetime: Lifetime,
    _ selector: @escaping (Element) throws -> Source, _ strategy: FlattenStrategy
  ) {
    self.sink = sink
    self.lifetime = lifetime
    self.selector = selector
    self.strategy = strategy
  }

  func start(_ outer: Observable<Element>) -> Disposable {
    Disposables.create(outer.run(onOuter, lifetime), group)
  }

  private func stop(_ event: Event<Source.Element>) {
    guard !stopped else { return }
    stopped = true
    sink(event)
    group.dispose()
  }

  private func onOuter(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      lock.lock()
      if stopped || (strategy == .first && active > 0) {
        lock.unlock()
        return
      }
      let inner: Observable<Source.Element>
      do { inner = try selector(value).asObservable() } catch {
        stop(.error(error))
        lock.unlock()
        return
      }
      var replaced: CompositeDisposable.DisposeKey?
      if strategy == .latest, let latest, !latest.lifetime.isEnded {
        latest.lifetime.end()
        active -= 1
        replaced = latest.key
      }
      let child = Lifetime(parent: lifetime)
      let slot = SingleAssignmentDisposable()
      guard let key = group.insert(slot) else {
        lock.unlock()
        return
      }
      active += 1
      latest = (child, key)
      lock.unlock()
      if let replaced { group.remove(for: replaced) }
      slot.setDisposable(inner.run({ self.onInner($0, child, key) }, child))
    case .error(let error):
      lock.withLock { stop(.error(error)) }
    case .completed:
      lock.withLock {
        outerDone = true
        if active == 0 { stop(.completed) }
      }
    }
  }

  private func onInner(
    _ event: Event<Source.Element>, _ child: Lifetime, _ key: CompositeDisposable.DisposeKey
  ) {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped, !child.isEnded else { return }
    switch event {
    case .next: sink(event)
    case .error: stop(event)
    case .completed:
      child.end()
      active -= 1
      group.remove(for: key)
      if active == 0 && outerDone { stop(.completed) }
    }
  }
}

// MARK: - catch, catchAndReturn, ifEmpty

extension ObservableType {
  /// Placeholder: on error, continues with the sequence `handler` returns.
  @usableFromInline
  func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    Producer((asObservable(), handler)) { payload, sink, lifetime in
      let fallback = SingleAssignmentDisposable()
      let first = payload.0.run(
        { event in
          guard case .error(let error) = event else { return sink(event) }
          let next: Observable<Element>
          do { next = try payload.1(error) } catch { return sink(.error(error)) }
          fallback.setDisposable(next.run(sink, lifetime))
        }, lifetime)
      return Disposables.create(first, fallback)
    }
  }

  /// Placeholder: on error, emits `element` and completes.
  @usableFromInline
  func catchAndReturn(_ element: Element) -> Observable<Element> {
    self.catch { _ in .just(element) }
  }

  /// Placeholder: emits `default` if the source completes without elements.
  @usableFromInline
  func ifEmpty(default: Element) -> Observable<Element> {
    ifEmpty(switchTo: .just(`default`))
  }

  /// Placeholder: continues with `other` if the source completes without elements.
  @usableFromInline
  func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    Producer((asObservable(), other)) { payload, sink, lifetime in
      let hasElements = Box(false)
      let fallback = SingleAssignmentDisposable()
      let first = payload.0.run(
        { event in
          switch event {
          case .next:
            hasElements.value = true
            sink(event)
          case .error: sink(event)
          case .completed:
            if hasElements.value {
              sink(event)
            } else {
              fallback.setDisposable(payload.1.run(sink, lifetime))
            }
          }
        }, lifetime)
      return Disposables.create(first, fallback)
    }
  }

  /// Placeholder: drops every element.
  @usableFromInline
  func ignoreElements() -> Observable<Never> {
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

// MARK: - retry, retry(when:), concat

extension ObservableType {
  /// Placeholder: resubscribes after every error.
  @usableFromInline
  func retry() -> Observable<Element> {
    retry(Int.max)
  }

  /// Placeholder: subscribes at most `maxAttemptCount` times in all.
  @usableFromInline
  func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    Producer((asObservable(), maxAttemptCount)) { payload, sink, lifetime in
      let run = SequentialRun(sink, lifetime, { _ in payload.0 }, completesAfterEach: true) {
        run, error in
        run.failures += 1
        if run.failures >= payload.1 { sink(.error(error)) } else { run.request() }
      }
      run.request()
      return run.current
    }
  }

  /// Placeholder: resubscribes each time the sequence made by `notificationHandler` from the
  /// errors emits an element; ends when it ends.
  @usableFromInline
  func retry<Trigger: ObservableType>(
    when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger
  ) -> Observable<Element> {
    Producer((asObservable(), notificationHandler)) { payload, sink, lifetime in
      let errors = PublishSubject<Swift.Error>()
      let run = SequentialRun(sink, lifetime, { _ in payload.0 }, completesAfterEach: true) {
        _, error in errors.on(.next(error))
      }
      let trigger = payload.1(errors.asObservable()).asObservable().run(
        { event in
          switch event {
          case .next: run.request()
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
      run.request()
      return Disposables.create(trigger, run.current)
    }
  }

  /// Placeholder: resubscribes when the errors, cast to `Error`, trigger it; an error of
  /// another type ends the sequence.
  @usableFromInline
  func retry<Trigger: ObservableType, Error: Swift.Error>(
    when notificationHandler: @escaping (Observable<Error>) -> Trigger
  ) -> Observable<Element> {
    retry(when: { (errors: Observable<Swift.Error>) in
      notificationHandler(
        errors.map { error in
          guard let typed = error as? Error else { throw error }
          return typed
        })
    })
  }

  /// Placeholder: the elements of each source in turn.
  @usableFromInline
  static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
    Producer(sources) { sources, sink, lifetime in
      let run = SequentialRun(
        sink, lifetime, { index in index < sources.count ? sources[index] : nil },
        completesAfterEach: false
      ) { _, error in sink(.error(error)) }
      run.request()
      return run.current
    }
  }

  /// Placeholder: the elements of this sequence, then those of `second`.
  @usableFromInline
  func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    Observable.concat([asObservable(), second.asObservable()])
  }
}

/// Placeholder: subscribes to one source after another, looping instead of recursing.
final class SequentialRun<Element>: @unchecked Sendable {
  // `attempt`, `failures`, `running` and `pending` are guarded by `lock`; the rest is
  // immutable or thread-safe.
  let lock = Lock(recursive: true)
  let sink: EventSink<Element>
  let lifetime: Lifetime
  let source: (Int) -> Observable<Element>?
  let completesAfterEach: Bool
  let onError: (SequentialRun<Element>, Swift.Error) -> Void
  let current = SerialDisposable()
  var attempt = 0
  var failures = 0
  var running = false
  var pending = false

  init(
    _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime,
    _ source: @escaping (Int) -> Observable<Element>?, completesAfterEach: Bool,
    onError: @escaping (SequentialRun<Element>, Swift.Error) -> Void
  ) {
    self.sink = sink
    self.lifetime = lifetime
    self.source = source
    self.completesAfterEach = completesAfterEach
    self.onError = onError
  }

  func request() {
    lock.lock()
    pending = true
    if running {
      lock.unlock()
      return
    }
    running = true
    while pending && !lifetime.isEnded {
      pending = false
      guard let next = source(attempt) else {
        sink(.completed)
        break
      }
      attempt += 1
      let child = Lifetime(parent: lifetime)
      lock.unlock()
      let subscription = next.run(
        { [self] event in
          switch event {
          case .next: sink(event)
          case .error(let error):
            child.end()
            lock.withLock { onError(self, error) }
          case .completed:
            child.end()
            if completesAfterEach { sink(.completed) } else { request() }
          }
        }, child)
      current.disposable = subscription
      lock.lock()
    }
    running = false
    lock.unlock()
  }
}

// MARK: - do

extension ObservableType {
  /// Placeholder: calls the given closures around each event and around the subscription.
  @usableFromInline
  func `do`(
    onNext: ((Element) throws -> Void)? = nil, afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil, afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil, onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Observable<Element> {
    typealias Handlers = (
      before: (Event<Element>) throws -> Void, after: (Event<Element>) throws -> Void,
      onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
    )
    let handlers: Handlers = (
      { event in
        switch event {
        case .next(let value): try onNext?(value)
        case .error(let error): try onError?(error)
        case .completed: try onCompleted?()
        }
      },
      { event in
        switch event {
        case .next(let value): try afterNext?(value)
        case .error(let error): try afterError?(error)
        case .completed: try afterCompleted?()
        }
      }, onSubscribe, onSubscribed, onDispose
    )
    return Producer((asObservable(), handlers)) { payload, sink, lifetime in
      let handlers = payload.1
      let stopped = Box(false)
      handlers.onSubscribe?()
      let subscription = payload.0.run(
        { event in
          guard !stopped.value else { return }
          do { try handlers.before(event) } catch {
            stopped.value = true
            return sink(.error(error))
          }
          if event.isStopEvent { stopped.value = true }
          sink(event)
          do { try handlers.after(event) } catch {
            if !stopped.value {
              stopped.value = true
              sink(.error(error))
            }
          }
        }, lifetime)
      handlers.onSubscribed?()
      let onDispose = handlers.onDispose
      return Disposables.create {
        subscription.dispose()
        onDispose?()
      }
    }
  }
}

// MARK: - distinctUntilChanged, startWith, skip, withLatestFrom

extension ObservableType {
  /// Placeholder: drops elements equal to the previous one.
  @usableFromInline
  func distinctUntilChanged() -> Observable<Element> where Element: Equatable {
    distinctUntilChanged({ $0 }, comparer: ==)
  }

  /// Placeholder: drops elements whose key equals the previous element's.
  @usableFromInline
  func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
    -> Observable<Element>
  {
    distinctUntilChanged(keySelector, comparer: ==)
  }

  /// Placeholder: drops elements `comparer` finds equal to the previous one.
  @usableFromInline
  func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool)
    -> Observable<Element>
  {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Placeholder: drops elements whose key `comparer` finds equal to the previous key.
  @usableFromInline
  func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key,
    comparer: @escaping (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    Producer((asObservable(), keySelector, comparer)) { payload, sink, lifetime in
      let last = Box<Key?>(nil)
      return payload.0.run(
        { event in
          guard case .next(let value) = event else { return sink(event) }
          do {
            let key = try payload.1(value)
            if let previous = last.value, try payload.2(previous, key) { return }
            last.value = key
          } catch { return sink(.error(error)) }
          sink(event)
        }, lifetime)
    }
  }

  /// Placeholder: emits `elements` first, then the source's.
  @usableFromInline
  func startWith(_ elements: Element...) -> Observable<Element> {
    Producer((asObservable(), elements)) { payload, sink, lifetime in
      for element in payload.1 {
        if lifetime.isEnded { return Disposables.create() }
        sink(.next(element))
      }
      return payload.0.run(sink, lifetime)
    }
  }

  /// Placeholder: drops the first `count` elements.
  @usableFromInline
  func skip(_ count: Int) -> Observable<Element> {
    Producer((asObservable(), count)) { payload, sink, lifetime in
      let remaining = Box(payload.1)
      return payload.0.run(
        { event in
          if case .next = event, remaining.value > 0 {
            remaining.value -= 1
            return
          }
          sink(event)
        }, lifetime)
    }
  }

  /// Placeholder: combines each element with the latest element of `second`, if any.
  @usableFromInline
  func withLatestFrom<Source: ObservableConvertibleType, Result>(
    _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> Result
  ) -> Observable<Result> {
    Producer((asObservable(), second.asObservable(), resultSelector)) {
      payload, sink, lifetime in
      let lock = Lock(recursive: true)
      let state = Box<(latest: Source.Element?, stopped: Bool)>((nil, false))
      func stop(_ event: Event<Result>) {
        guard !state.value.stopped else { return }
        state.value.stopped = true
        sink(event)
      }
      let secondSubscription = payload.1.run(
        { event in
          lock.withLock {
            switch event {
            case .next(let value): state.value.latest = value
            case .error(let error): stop(.error(error))
            case .completed: break
            }
          }
        }, lifetime)
      let firstSubscription = payload.0.run(
        { event in
          lock.withLock {
            guard !state.value.stopped else { return }
            switch event {
            case .next(let value):
              guard let latest = state.value.latest else { return }
              do { sink(.next(try payload.2(value, latest))) } catch { stop(.error(error)) }
            case .error(let error): stop(.error(error))
            case .completed: stop(.completed)
            }
          }
        }, lifetime)
      return Disposables.create(secondSubscription, firstSubscription)
    }
  }

  /// Placeholder: the latest element of `second` at each element of this sequence.
  @usableFromInline
  func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source)
    -> Observable<Source.Element>
  {
    withLatestFrom(second) { $1 }
  }
}

// MARK: - combineLatest, zip

extension ObservableType {
  /// Placeholder: the latest elements of all sources, each time one emits.
  @usableFromInline
  static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    combining(collection.map { $0.asObservable() }, zip: false, resultSelector)
  }

  /// Placeholder: the latest elements of all sources, each time one emits.
  @usableFromInline
  static func combineLatest<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.combining(collection.map { $0.asObservable() }, zip: false) { $0 }
  }

  /// Placeholder: the elements of all sources, combined in order of arrival.
  @usableFromInline
  static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableType {
    combining(collection.map { $0.asObservable() }, zip: true, resultSelector)
  }

  /// Placeholder: the elements of all sources, combined in order of arrival.
  @usableFromInline
  static func zip<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<[Element]>
  where Collection.Element: ObservableType, Collection.Element.Element == Element {
    Observable<[Element]>.combining(collection.map { $0.asObservable() }, zip: true) { $0 }
  }

  /// Placeholder: the latest elements of both sources, each time one emits.
  @usableFromInline
  static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    combining([erase(source1), erase(source2)], zip: false) {
      try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element)
    }
  }

  /// Placeholder: the latest elements of the three sources, each time one emits.
  @usableFromInline
  static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    combining([erase(source1), erase(source2), erase(source3)], zip: false) {
      try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element)
    }
  }

  /// Placeholder: the latest elements of the four sources, each time one emits.
  @usableFromInline
  static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    combining([erase(source1), erase(source2), erase(source3), erase(source4)], zip: false) {
      try resultSelector(
        $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element)
    }
  }

  /// Placeholder: pairs of elements of both sources, in order.
  @usableFromInline
  static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    combining([erase(source1), erase(source2)], zip: true) {
      try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element)
    }
  }

  /// Placeholder: zips three sources.
  @usableFromInline
  static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    combining([erase(source1), erase(source2), erase(source3)], zip: true) {
      try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element)
    }
  }

  /// Placeholder: zips four sources.
  @usableFromInline
  static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    combining([erase(source1), erase(source2), erase(source3), erase(source4)], zip: true) {
      try resultSelector(
        $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element)
    }
  }

  /// Placeholder: zips five sources.
  @usableFromInline
  static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws
      -> Element
  ) -> Observable<Element> {
    combining(
      [erase(source1), erase(source2), erase(source3), erase(source4), erase(source5)], zip: true
    ) {
      try resultSelector(
        $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
        $0[4] as! O5.Element)
    }
  }

  /// Placeholder: zips six sources.
  @usableFromInline
  static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element
      ) throws -> Element
  ) -> Observable<Element> {
    combining(
      [
        erase(source1), erase(source2), erase(source3), erase(source4), erase(source5),
        erase(source6),
      ], zip: true
    ) {
      try resultSelector(
        $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
        $0[4] as! O5.Element, $0[5] as! O6.Element)
    }
  }

  /// Placeholder: zips seven sources.
  @usableFromInline
  static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7,
    resultSelector:
      @escaping (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element
      ) throws -> Element
  ) -> Observable<Element> {
    combining(
      [
        erase(source1), erase(source2), erase(source3), erase(source4), erase(source5),
        erase(source6), erase(source7),
      ], zip: true
    ) {
      try resultSelector(
        $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
        $0[4] as! O5.Element, $0[5] as! O6.Element, $0[6] as! O7.Element)
    }
  }

  /// Placeholder: zips eight sources.
  @usableFromInline
  static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7, _ source8: O8,
    resultSelector:
      @escaping (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
        O8.Element
      ) throws -> Element
  ) -> Observable<Element> {
    combining(
      [
        erase(source1), erase(source2), erase(source3), erase(source4), erase(source5),
        erase(source6), erase(source7), erase(source8),
      ], zip: true
    ) {
      try resultSelector(
        $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
        $0[4] as! O5.Element, $0[5] as! O6.Element, $0[6] as! O7.Element, $0[7] as! O8.Element)
    }
  }

  static func erase<Source: ObservableType>(_ source: Source) -> Observable<Any> {
    source.asObservable().map { $0 as Any }
  }

  static func combining<Input>(
    _ sources: [Observable<Input>], zip: Bool, _ selector: @escaping ([Input]) throws -> Element
  ) -> Observable<Element> {
    Producer((sources, zip, selector)) { payload, sink, lifetime in
      CombiningRun(sink, payload.1, payload.2, count: payload.0.count).start(payload.0, lifetime)
    }
  }
}

extension ObservableType where Element == Any {
  /// Placeholder: the latest elements of both sources as a pair, each time one emits.
  @usableFromInline
  static func combineLatest<O1: ObservableType, O2: ObservableType>(_ source1: O1, _ source2: O2)
    -> Observable<(O1.Element, O2.Element)>
  {
    Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }
}

/// Placeholder: one subscription of `combineLatest` or `zip`.
final class CombiningRun<Input, Element>: @unchecked Sendable {
  // Mutable state guarded by `lock`.
  let lock = Lock(recursive: true)
  let sink: EventSink<Element>
  let zip: Bool
  let selector: ([Input]) throws -> Element
  let group = CompositeDisposable()
  var latest: [Input?]
  var queues: [[Input]]
  var done: [Bool]
  var stopped = false

  init(
    _ sink: @escaping EventSink<Element>, _ zip: Bool,
    _ selector: @escaping ([Input]) throws -> Element, count: Int
  ) {
    self.sink = sink
    self.zip = zip
    self.selector = selector
    latest = Array(repeating: nil, count: count)
    queues = Array(repeating: [], count: count)
    done = Array(repeating: false, count: count)
  }

  func start(_ sources: [Observable<Input>], _ lifetime: Lifetime) -> Disposable {
    if sources.isEmpty {
      sink(.completed)
      return Disposables.create()
    }
    for (index, source) in sources.enumerated() {
      let slot = SingleAssignmentDisposable()
      group.insert(slot)
      slot.setDisposable(source.run({ self.on($0, index) }, lifetime))
    }
    return group
  }

  private func stop(_ event: Event<Element>) {
    guard !stopped else { return }
    stopped = true
    sink(event)
    group.dispose()
  }

  private func emit(_ values: [Input]) {
    do { sink(.next(try selector(values))) } catch { stop(.error(error)) }
  }

  private func on(_ event: Event<Input>, _ index: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    switch event {
    case .next(let value):
      if zip {
        queues[index].append(value)
        if queues.allSatisfy({ !$0.isEmpty }) {
          emit(queues.indices.map { queues[$0].removeFirst() })
          if queues.indices.contains(where: { done[$0] && queues[$0].isEmpty }) {
            stop(.completed)
          }
        }
      } else {
        latest[index] = value
        if latest.allSatisfy({ $0 != nil }) { emit(latest.map { $0! }) }
      }
    case .error(let error): stop(.error(error))
    case .completed:
      done[index] = true
      if zip ? queues[index].isEmpty : done.allSatisfy({ $0 }) { stop(.completed) }
    }
  }
}
