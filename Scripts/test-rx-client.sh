#!/usr/bin/env bash
# Checks that code written for RxSwift builds against the compatibility products the way it
# builds against RxSwift: a scratch package that depends on this one by path, on the `RxTest`
# and `RxRelay` products only, imports `RxSwift`, `RxRelay` and `RxTest` (as RxSwift's
# products make `RxSwift` importable through their dependencies), builds from clean and passes
# its test.
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

cd "$client"
swift build --build-tests
swift test --skip-build
echo "PASS: a package that depends on RxTest and RxRelay alone imports RxSwift and passes its test"
