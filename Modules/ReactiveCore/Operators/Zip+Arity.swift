extension ObservableType {
  /// Combines the elements of 2 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    Producer((source1.asObservable(), source2.asObservable(), resultSelector)) {
      payload, sink, lifetime in
      let group = GroupSink(count: 2, state: ZipState(count: 2), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let selector = payload.2
      let combine = { try selector(queue1.value.removeFirst(), queue2.value.removeFirst()) }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      return group
    }
  }

  /// Combines the elements of 3 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    Producer(
      (source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector)
    ) { payload, sink, lifetime in
      let group = GroupSink(count: 3, state: ZipState(count: 3), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let queue3 = Box(FIFO<O3.Element>())
      let selector = payload.3
      let combine = {
        try selector(
          queue1.value.removeFirst(), queue2.value.removeFirst(), queue3.value.removeFirst())
      }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      group.subscribe(payload.2, at: 2, zipHandler(2, queue3, combine))
      return group
    }
  }

  /// Combines the elements of 4 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<
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
      let group = GroupSink(count: 4, state: ZipState(count: 4), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let queue3 = Box(FIFO<O3.Element>())
      let queue4 = Box(FIFO<O4.Element>())
      let selector = payload.4
      let combine = {
        try selector(
          queue1.value.removeFirst(), queue2.value.removeFirst(), queue3.value.removeFirst(),
          queue4.value.removeFirst())
      }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      group.subscribe(payload.2, at: 2, zipHandler(2, queue3, combine))
      group.subscribe(payload.3, at: 3, zipHandler(3, queue4, combine))
      return group
    }
  }

  /// Combines the elements of 5 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<
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
      let group = GroupSink(count: 5, state: ZipState(count: 5), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let queue3 = Box(FIFO<O3.Element>())
      let queue4 = Box(FIFO<O4.Element>())
      let queue5 = Box(FIFO<O5.Element>())
      let selector = payload.5
      let combine = {
        try selector(
          queue1.value.removeFirst(), queue2.value.removeFirst(), queue3.value.removeFirst(),
          queue4.value.removeFirst(), queue5.value.removeFirst())
      }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      group.subscribe(payload.2, at: 2, zipHandler(2, queue3, combine))
      group.subscribe(payload.3, at: 3, zipHandler(3, queue4, combine))
      group.subscribe(payload.4, at: 4, zipHandler(4, queue5, combine))
      return group
    }
  }

  /// Combines the elements of 6 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<
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
      let group = GroupSink(count: 6, state: ZipState(count: 6), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let queue3 = Box(FIFO<O3.Element>())
      let queue4 = Box(FIFO<O4.Element>())
      let queue5 = Box(FIFO<O5.Element>())
      let queue6 = Box(FIFO<O6.Element>())
      let selector = payload.6
      let combine = {
        try selector(
          queue1.value.removeFirst(), queue2.value.removeFirst(), queue3.value.removeFirst(),
          queue4.value.removeFirst(), queue5.value.removeFirst(), queue6.value.removeFirst())
      }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      group.subscribe(payload.2, at: 2, zipHandler(2, queue3, combine))
      group.subscribe(payload.3, at: 3, zipHandler(3, queue4, combine))
      group.subscribe(payload.4, at: 4, zipHandler(4, queue5, combine))
      group.subscribe(payload.5, at: 5, zipHandler(5, queue6, combine))
      return group
    }
  }

  /// Combines the elements of 7 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<
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
      let group = GroupSink(count: 7, state: ZipState(count: 7), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let queue3 = Box(FIFO<O3.Element>())
      let queue4 = Box(FIFO<O4.Element>())
      let queue5 = Box(FIFO<O5.Element>())
      let queue6 = Box(FIFO<O6.Element>())
      let queue7 = Box(FIFO<O7.Element>())
      let selector = payload.7
      let combine = {
        try selector(
          queue1.value.removeFirst(), queue2.value.removeFirst(), queue3.value.removeFirst(),
          queue4.value.removeFirst(), queue5.value.removeFirst(), queue6.value.removeFirst(),
          queue7.value.removeFirst())
      }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      group.subscribe(payload.2, at: 2, zipHandler(2, queue3, combine))
      group.subscribe(payload.3, at: 3, zipHandler(3, queue4, combine))
      group.subscribe(payload.4, at: 4, zipHandler(4, queue5, combine))
      group.subscribe(payload.5, at: 5, zipHandler(5, queue6, combine))
      group.subscribe(payload.6, at: 6, zipHandler(6, queue7, combine))
      return group
    }
  }

  /// Combines the elements of 8 sources with `resultSelector`, pairing each source's
  /// first element, then each one's second, and so on; elements wait in a queue for their
  /// partners.
  ///
  /// Completes when every source completed; fails with the first error from a source or from
  /// `resultSelector`; disposing it disposes every source.
  @inlinable
  public static func zip<
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
      let group = GroupSink(count: 8, state: ZipState(count: 8), sink, lifetime)
      let queue1 = Box(FIFO<O1.Element>())
      let queue2 = Box(FIFO<O2.Element>())
      let queue3 = Box(FIFO<O3.Element>())
      let queue4 = Box(FIFO<O4.Element>())
      let queue5 = Box(FIFO<O5.Element>())
      let queue6 = Box(FIFO<O6.Element>())
      let queue7 = Box(FIFO<O7.Element>())
      let queue8 = Box(FIFO<O8.Element>())
      let selector = payload.8
      let combine = {
        try selector(
          queue1.value.removeFirst(), queue2.value.removeFirst(), queue3.value.removeFirst(),
          queue4.value.removeFirst(), queue5.value.removeFirst(), queue6.value.removeFirst(),
          queue7.value.removeFirst(), queue8.value.removeFirst())
      }
      group.subscribe(payload.0, at: 0, zipHandler(0, queue1, combine))
      group.subscribe(payload.1, at: 1, zipHandler(1, queue2, combine))
      group.subscribe(payload.2, at: 2, zipHandler(2, queue3, combine))
      group.subscribe(payload.3, at: 3, zipHandler(3, queue4, combine))
      group.subscribe(payload.4, at: 4, zipHandler(4, queue5, combine))
      group.subscribe(payload.5, at: 5, zipHandler(5, queue6, combine))
      group.subscribe(payload.6, at: 6, zipHandler(6, queue7, combine))
      group.subscribe(payload.7, at: 7, zipHandler(7, queue8, combine))
      return group
    }
  }
}

extension ObservableType where Element == Any {
  /// Emits tuples of the elements of 2 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.zip(source1, source2) { ($0, $1) }
  }

  /// Emits tuples of the elements of 3 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Emits tuples of the elements of 4 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.zip(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// Emits tuples of the elements of 5 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.zip(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Emits tuples of the elements of 6 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Emits tuples of the elements of 7 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<
    O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType,
    O5: ObservableType, O6: ObservableType, O7: ObservableType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    _ source7: O7
  ) -> Observable<
    (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  > {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>
      .zip(source1, source2, source3, source4, source5, source6, source7) {
        ($0, $1, $2, $3, $4, $5, $6)
      }
  }

  /// Emits tuples of the elements of 8 sources; see `zip(_:resultSelector:)`.
  @inlinable
  public static func zip<
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
    >.zip(source1, source2, source3, source4, source5, source6, source7, source8) {
      ($0, $1, $2, $3, $4, $5, $6, $7)
    }
  }
}
