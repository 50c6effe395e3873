extension ObservableType {
  /// Combines the latest elements of 2 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    Producer((source1.asObservable(), source2.asObservable(), resultSelector)) {
      payload, sink, lifetime in
      let group = GroupSink(count: 2, state: CombineLatestState(count: 2), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let selector = payload.2
      let combine = { try selector(value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped) }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      return group
    }
  }

  /// Combines the latest elements of 3 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    Producer(
      (source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 3, state: CombineLatestState(count: 3), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let value3 = Box<O3.Element?>(nil)
      let selector = payload.3
      let combine = {
        try selector(
          value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped,
          value3.value.unsafelyUnwrapped)
      }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      group.subscribe(payload.2, at: 2, combineLatestHandler(2, value3, combine))
      return group
    }
  }

  /// Combines the latest elements of 4 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    Producer(
      (
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), resultSelector
      )
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 4, state: CombineLatestState(count: 4), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let value3 = Box<O3.Element?>(nil)
      let value4 = Box<O4.Element?>(nil)
      let selector = payload.4
      let combine = {
        try selector(
          value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped,
          value3.value.unsafelyUnwrapped, value4.value.unsafelyUnwrapped)
      }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      group.subscribe(payload.2, at: 2, combineLatestHandler(2, value3, combine))
      group.subscribe(payload.3, at: 3, combineLatestHandler(3, value4, combine))
      return group
    }
  }

  /// Combines the latest elements of 5 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    Producer(
      (
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), resultSelector
      )
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 5, state: CombineLatestState(count: 5), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let value3 = Box<O3.Element?>(nil)
      let value4 = Box<O4.Element?>(nil)
      let value5 = Box<O5.Element?>(nil)
      let selector = payload.5
      let combine = {
        try selector(
          value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped,
          value3.value.unsafelyUnwrapped, value4.value.unsafelyUnwrapped,
          value5.value.unsafelyUnwrapped)
      }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      group.subscribe(payload.2, at: 2, combineLatestHandler(2, value3, combine))
      group.subscribe(payload.3, at: 3, combineLatestHandler(3, value4, combine))
      group.subscribe(payload.4, at: 4, combineLatestHandler(4, value5, combine))
      return group
    }
  }

  /// Combines the latest elements of 6 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> Observable<Element> {
    Producer(
      (
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector
      )
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 6, state: CombineLatestState(count: 6), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let value3 = Box<O3.Element?>(nil)
      let value4 = Box<O4.Element?>(nil)
      let value5 = Box<O5.Element?>(nil)
      let value6 = Box<O6.Element?>(nil)
      let selector = payload.6
      let combine = {
        try selector(
          value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped,
          value3.value.unsafelyUnwrapped, value4.value.unsafelyUnwrapped,
          value5.value.unsafelyUnwrapped, value6.value.unsafelyUnwrapped)
      }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      group.subscribe(payload.2, at: 2, combineLatestHandler(2, value3, combine))
      group.subscribe(payload.3, at: 3, combineLatestHandler(3, value4, combine))
      group.subscribe(payload.4, at: 4, combineLatestHandler(4, value5, combine))
      group.subscribe(payload.5, at: 5, combineLatestHandler(5, value6, combine))
      return group
    }
  }

  /// Combines the latest elements of 7 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
      throws -> Element
  ) -> Observable<Element> {
    Producer(
      (
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), resultSelector
      )
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 7, state: CombineLatestState(count: 7), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let value3 = Box<O3.Element?>(nil)
      let value4 = Box<O4.Element?>(nil)
      let value5 = Box<O5.Element?>(nil)
      let value6 = Box<O6.Element?>(nil)
      let value7 = Box<O7.Element?>(nil)
      let selector = payload.7
      let combine = {
        try selector(
          value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped,
          value3.value.unsafelyUnwrapped, value4.value.unsafelyUnwrapped,
          value5.value.unsafelyUnwrapped, value6.value.unsafelyUnwrapped,
          value7.value.unsafelyUnwrapped)
      }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      group.subscribe(payload.2, at: 2, combineLatestHandler(2, value3, combine))
      group.subscribe(payload.3, at: 3, combineLatestHandler(3, value4, combine))
      group.subscribe(payload.4, at: 4, combineLatestHandler(4, value5, combine))
      group.subscribe(payload.5, at: 5, combineLatestHandler(5, value6, combine))
      group.subscribe(payload.6, at: 6, combineLatestHandler(6, value7, combine))
      return group
    }
  }

  /// Combines the latest elements of 8 sources with `resultSelector` whenever any of them
  /// emits, once each has emitted at least once.
  ///
  /// Completes when every source completed (or when a source emits while it is the only one
  /// not completed and some source never emitted); fails with the first error from a source or
  /// from `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func combineLatest<
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
    Producer(
      (
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), source8.asObservable(), resultSelector
      )
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 8, state: CombineLatestState(count: 8), sink, lifetime)
      let value1 = Box<O1.Element?>(nil)
      let value2 = Box<O2.Element?>(nil)
      let value3 = Box<O3.Element?>(nil)
      let value4 = Box<O4.Element?>(nil)
      let value5 = Box<O5.Element?>(nil)
      let value6 = Box<O6.Element?>(nil)
      let value7 = Box<O7.Element?>(nil)
      let value8 = Box<O8.Element?>(nil)
      let selector = payload.8
      let combine = {
        try selector(
          value1.value.unsafelyUnwrapped, value2.value.unsafelyUnwrapped,
          value3.value.unsafelyUnwrapped, value4.value.unsafelyUnwrapped,
          value5.value.unsafelyUnwrapped, value6.value.unsafelyUnwrapped,
          value7.value.unsafelyUnwrapped, value8.value.unsafelyUnwrapped)
      }
      group.subscribe(payload.0, at: 0, combineLatestHandler(0, value1, combine))
      group.subscribe(payload.1, at: 1, combineLatestHandler(1, value2, combine))
      group.subscribe(payload.2, at: 2, combineLatestHandler(2, value3, combine))
      group.subscribe(payload.3, at: 3, combineLatestHandler(3, value4, combine))
      group.subscribe(payload.4, at: 4, combineLatestHandler(4, value5, combine))
      group.subscribe(payload.5, at: 5, combineLatestHandler(5, value6, combine))
      group.subscribe(payload.6, at: 6, combineLatestHandler(6, value7, combine))
      group.subscribe(payload.7, at: 7, combineLatestHandler(7, value8, combine))
      return group
    }
  }
}

extension ObservableType where Element == Any {
  /// Emits tuples of the latest elements of 2 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// Emits tuples of the latest elements of 3 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// Emits tuples of the latest elements of 4 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// Emits tuples of the latest elements of 5 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Emits tuples of the latest elements of 6 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6) {
        ($0, $1, $2, $3, $4, $5)
      }
  }

  /// Emits tuples of the latest elements of 7 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7
  ) -> Observable<
    (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  > {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6, source7) {
        ($0, $1, $2, $3, $4, $5, $6)
      }
  }

  /// Emits tuples of the latest elements of 8 sources; see `combineLatest(_:resultSelector:)`.
  @inlinable
  public static func combineLatest<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType, O8: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7, _ source8: O8
  ) -> Observable<
    (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
  > {
    Observable<
      (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element,
        O8.Element
      )
    >.combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
      ($0, $1, $2, $3, $4, $5, $6, $7)
    }
  }
}
