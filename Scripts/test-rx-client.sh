#!/usr/bin/env bash
# Checks that code written for RxSwift builds against the compatibility products the way it
# builds against RxSwift: a scratch package that depends on this one by path, on the `RxTest`
# and `RxRelay` products only, imports `RxSwift`, `RxRelay` and `RxTest` (as RxSwift's
# products make `RxSwift` importable through their dependencies), builds from clean and passes
# its test. Its tests also declare globals named after each name the template adds to RxTest's
# types (which live in ReactiveTesting, not in the products) and use them unqualified inside
# extensions of those types, as code written for RxTest may: through the products, they must
# still mean the globals; and the same for what it adds to the core's types (which live in
# ReactiveCore).
set -euo pipefail
cd "$(dirname "$0")/.."
template="$PWD"

client="$(mktemp -d "${TMPDIR:-/tmp}/rx-client.XXXXXX")"
trap 'rm -rf "$client"' EXIT
mkdir -p "$client/Sources/Counter" "$client/Tests/CounterTests"
# A package's identity is its directory's name: reach this one through a link of a known name.
ln -s "$template" "$client/template"

cat >"$client/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "RxClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "template")],
  targets: [
    .target(
      name: "Counter",
      dependencies: [.product(name: "RxRelay", package: "template")]),
    .testTarget(
      name: "CounterTests",
      dependencies: [
        "Counter",
        .product(name: "RxTest", package: "template"),
        .product(name: "RxRelay", package: "template"),
        .product(name: "RxBlocking", package: "template"),
        .product(name: "RxCocoa", package: "template"),
      ]),
  ]
)
SWIFT

cat >"$client/Sources/Counter/Counter.swift" <<'SWIFT'
import RxRelay
import RxSwift

/// Counts the taps it is given.
public final class Counter {
  public let count = BehaviorRelay(value: 0)

  public init(taps: Observable<Void>, disposeBag: DisposeBag) {
    taps.scan(0) { total, _ in total + 1 }
      .bind(to: count)
      .disposed(by: disposeBag)
  }
}
SWIFT

cat >"$client/Tests/CounterTests/CounterTests.swift" <<'SWIFT'
import Counter
import RxRelay
import RxSwift
import RxTest
import XCTest

final class CounterTests: XCTestCase {
  func testCountsEachTap() {
    let scheduler = TestScheduler(initialClock: 0)
    let disposeBag = DisposeBag()
    let taps: TestableObservable<Void> = scheduler.createHotObservable([
      .next(210, ()), .next(220, ()),
    ])
    let counter = Counter(taps: taps.asObservable(), disposeBag: disposeBag)
    let observer = scheduler.createObserver(Int.self)
    counter.count.asObservable().subscribe(observer).disposed(by: disposeBag)
    scheduler.start()
    XCTAssertEqual(observer.events, [.next(0, 0), .next(210, 1), .next(220, 2)])
  }
}
SWIFT

cat >"$client/Tests/CounterTests/ClientGlobals.swift" <<'SWIFT'
import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

// Globals named after what the template adds to RxTest's types (in `ReactiveTesting`, which the
// `RxTest` product does not re-export), used unqualified inside extensions of those types. Code
// written for RxTest may declare such names, as RxSwift's own example app declares a file-level
// `resolution` and uses it in an `extension TestScheduler`; through RxTest they must still mean
// the globals. Each global has a type its namesake member does not, so that a member found in
// its place fails to compile, and the test reads each back.
let resolution = "the client's resolution"
let asyncClock = "the client's clock"
let testScheduler = "the client's scheduler"
func record(_ label: String) -> String { "the client's record of \(label)" }
func enqueue(_ label: String) -> String { "the client's queue of \(label)" }
func withTaskExecutorPreference(_ label: String) -> String { "the client's preference for \(label)" }
func milliseconds(initialClock: String) -> String { "the client's milliseconds from \(initialClock)" }

extension TestScheduler {
  /// As RxSwift's example app uses its global `resolution`: inside a closure.
  func clientResolution() -> String {
    let read = { resolution }
    return read()
  }

  func clientNames() -> [String] {
    [asyncClock, record("a"), enqueue("b"), withTaskExecutorPreference("c")]
  }

  static func clientMilliseconds() -> String { milliseconds(initialClock: "0") }
}

extension TestableObservable {
  func clientScheduler() -> String { testScheduler }
}

extension TestableObserver {
  func clientScheduler() -> String { testScheduler }
}

// The same for what the template adds to the core's types (in `ReactiveCore`, which the
// `RxSwift`, `RxRelay` and `RxCocoa` products do not re-export).
let hasObservers = "the client's observers"
let createUnbounded = "the client's buffer"
let isOnMainQueue = "the client's queue"
let scoped = "the client's scope"
let value = "the client's value"

extension BehaviorRelay {
  func clientObservers() -> String { hasObservers }
}

extension PublishRelay {
  func clientObservers() -> String { hasObservers }
}

extension ReplayRelay {
  func clientObservers() -> String { hasObservers }
  static func clientBuffer() -> String { createUnbounded }
}

extension MainScheduler {
  static func clientQueue() -> String { isOnMainQueue }
}

extension Hooks {
  static func clientScope() -> String { scoped }
}

extension Infallible {
  func clientValue() -> String { value }
}

extension SharedSequence {
  func clientValue() -> String { value }
}

final class ClientCoreGlobalsTests: XCTestCase {
  func testGlobalsKeepTheirMeaningInsideExtensionsOfTheCoresTypes() {
    XCTAssertEqual(BehaviorRelay(value: 1).clientObservers(), "the client's observers")
    XCTAssertEqual(PublishRelay<Int>().clientObservers(), "the client's observers")
    XCTAssertEqual(ReplayRelay<Int>.create(bufferSize: 1).clientObservers(), "the client's observers")
    XCTAssertEqual(ReplayRelay<Int>.clientBuffer(), "the client's buffer")
    XCTAssertEqual(MainScheduler.clientQueue(), "the client's queue")
    XCTAssertEqual(Hooks.clientScope(), "the client's scope")
    XCTAssertEqual(Infallible.just(1).clientValue(), "the client's value")
    XCTAssertEqual(Driver.just(1).clientValue(), "the client's value")
  }
}

final class ClientGlobalsTests: XCTestCase {
  func testGlobalsKeepTheirMeaningInsideExtensionsOfRxTestsTypes() {
    let scheduler = TestScheduler(initialClock: 0)
    XCTAssertEqual(scheduler.clientResolution(), "the client's resolution")
    XCTAssertEqual(
      scheduler.clientNames(),
      [
        "the client's clock", "the client's record of a", "the client's queue of b",
        "the client's preference for c",
      ])
    XCTAssertEqual(TestScheduler.clientMilliseconds(), "the client's milliseconds from 0")
    let observable = scheduler.createHotObservable([Recorded<Event<Int>>]())
    XCTAssertEqual(observable.clientScheduler(), "the client's scheduler")
    XCTAssertEqual(scheduler.createObserver(Int.self).clientScheduler(), "the client's scheduler")
  }
}
SWIFT

cd "$client"
swift build --build-tests
swift test --skip-build
echo "PASS: a package that depends on the drop-in products imports RxSwift, keeps its own names and passes its tests"
