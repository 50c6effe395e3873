// `combineLatest` and `zip` of 2 to 8 `Infallible`s. The result selectors cannot throw, which
// keeps the result infallible; each overload forwards to the `Observable` operator of the same
// name and arity.

extension Infallible {
  /// `resultSelector` applied to the latest elements of the 2 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2,
    resultSelector: @escaping (I1.Element, I2.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the latest elements of the 3 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3,
    resultSelector: @escaping (I1.Element, I2.Element, I3.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the latest elements of the 4 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
    resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the latest elements of the 5 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the latest elements of the 6 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the latest elements of the 7 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
      -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the latest elements of the 8 sources, each time one emits
  /// (once each has emitted).
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7, _ source8: I8,
    resultSelector:
      @escaping (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element,
        I8.Element
      ) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), source8.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the elements of the 2 sources, paired in order.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2,
    resultSelector: @escaping (I1.Element, I2.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector)
    )
  }

  /// `resultSelector` applied to the elements of the 3 sources, paired in order.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3,
    resultSelector: @escaping (I1.Element, I2.Element, I3.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the elements of the 4 sources, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
    resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the elements of the 5 sources, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the elements of the 6 sources, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the elements of the 7 sources, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7,
    resultSelector:
      @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
      -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), resultSelector: resultSelector))
  }

  /// `resultSelector` applied to the elements of the 8 sources, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7, _ source8: I8,
    resultSelector:
      @escaping (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element,
        I8.Element
      ) -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1.asObservable(), source2.asObservable(), source3.asObservable(),
        source4.asObservable(), source5.asObservable(), source6.asObservable(),
        source7.asObservable(), source8.asObservable(), resultSelector: resultSelector))
  }

}

extension InfallibleType where Element == Any {
  /// The latest elements of the 2 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// The latest elements of the 3 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>.combineLatest(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// The latest elements of the 4 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// The latest elements of the 5 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// The latest elements of the 6 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6) {
        ($0, $1, $2, $3, $4, $5)
      }
  }

  /// The latest elements of the 7 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7
  ) -> Infallible<
    (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
  > {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6, source7) {
        ($0, $1, $2, $3, $4, $5, $6)
      }
  }

  /// The latest elements of the 8 sources as a tuple, each time one emits.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7, _ source8: I8
  ) -> Infallible<
    (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
  > {
    Infallible<
      (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element,
        I8.Element
      )
    >.combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
      ($0, $1, $2, $3, $4, $5, $6, $7)
    }
  }

  /// The elements of the 2 sources as tuples, paired in order.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>.zip(source1, source2) { ($0, $1) }
  }

  /// The elements of the 3 sources as tuples, paired in order.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// The elements of the 4 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>.zip(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// The elements of the 5 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>.zip(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// The elements of the 6 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// The elements of the 7 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7
  ) -> Infallible<
    (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
  > {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>
      .zip(source1, source2, source3, source4, source5, source6, source7) {
        ($0, $1, $2, $3, $4, $5, $6)
      }
  }

  /// The elements of the 8 sources as tuples, paired in order.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType,
    I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    _ source7: I7, _ source8: I8
  ) -> Infallible<
    (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)
  > {
    Infallible<
      (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element,
        I8.Element
      )
    >.zip(source1, source2, source3, source4, source5, source6, source7, source8) {
      ($0, $1, $2, $3, $4, $5, $6, $7)
    }
  }

}
