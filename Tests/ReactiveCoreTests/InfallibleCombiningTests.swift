import ReactiveCore
import ReactiveTesting
import Testing

/// `Infallible.combineLatest` and `Infallible.zip` at every arity, with and without a result
/// selector.
@Suite struct InfallibleCombiningTests {
  @Test func combineLatestOfTwoWaitsForBothThenFollowsEither() {
    let left = PublishRelay<Int>()
    let right = PublishRelay<String>()
    var received: [String] = []
    let subscription = Infallible.combineLatest(left.asInfallible(), right.asInfallible()) {
      "\($0)\($1)"
    }
    .subscribe(onNext: { received.append($0) })
    left.accept(1)
    right.accept("a")
    left.accept(2)
    right.accept("b")
    subscription.dispose()
    expectEqual(received, ["1a", "2a", "2b"])
  }

  @Test func combineLatestAsTuples() {
    var pairs: [String] = []
    _ = Infallible.combineLatest(Infallible.just(1), Infallible.of("x", "y"))
      .subscribe(onNext: { pairs.append("\($0.0)\($0.1)") })
    expectEqual(pairs, ["1x", "1y"])
  }

  @Test func combineLatestAtEveryArity() {
    func one(_ value: Int) -> Infallible<Int> { .just(value) }
    var sums: [Int] = []
    let record: (Int) -> Void = { sums.append($0) }
    _ = Infallible.combineLatest(one(1), one(2), one(3)) { sum($0, $1, $2) }
      .subscribe(onNext: record)
    _ = Infallible.combineLatest(one(1), one(2), one(3), one(4)) { sum($0, $1, $2, $3) }
      .subscribe(onNext: record)
    _ = Infallible.combineLatest(one(1), one(2), one(3), one(4), one(5)) {
      sum($0, $1, $2, $3, $4)
    }.subscribe(onNext: record)
    _ = Infallible.combineLatest(one(1), one(2), one(3), one(4), one(5), one(6)) {
      sum($0, $1, $2, $3, $4, $5)
    }.subscribe(onNext: record)
    _ = Infallible.combineLatest(one(1), one(2), one(3), one(4), one(5), one(6), one(7)) {
      sum($0, $1, $2, $3, $4, $5, $6)
    }.subscribe(onNext: record)
    _ = Infallible.combineLatest(
      one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8)
    ) { sum($0, $1, $2, $3, $4, $5, $6, $7) }.subscribe(onNext: record)
    _ = Infallible.combineLatest(one(1), one(2), one(3))
      .map { (values: (Int, Int, Int)) -> Int in values.0 * values.1 * values.2 }
      .subscribe(onNext: record)
    _ = Infallible.combineLatest(
      one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8)
    ).map { (values: (Int, Int, Int, Int, Int, Int, Int, Int)) -> Int in values.7 - values.0 }
      .subscribe(onNext: record)
    expectEqual(sums, [6, 10, 15, 21, 28, 36, 6, 7])
  }

  @Test func zipPairsInOrderAtEveryArity() {
    func count(_ values: Int...) -> Infallible<Int> { .from(values) }
    var received: [Int] = []
    let record: (Int) -> Void = { received.append($0) }
    _ = Infallible.zip(count(1, 2), count(10, 20, 30)) { sum($0, $1) }.subscribe(onNext: record)
    _ = Infallible.zip(count(1), count(2), count(3), count(4), count(5), count(6), count(7)) {
      sum($0, $1, $2, $3, $4, $5, $6)
    }.subscribe(onNext: record)
    _ = Infallible.zip(count(1, 2), count(3, 4))
      .map { (pair: (Int, Int)) -> Int in pair.0 * pair.1 }.subscribe(onNext: record)
    expectEqual(received, [11, 22, 28, 3, 8])
  }
}
