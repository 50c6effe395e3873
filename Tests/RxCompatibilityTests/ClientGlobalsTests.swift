import RxSwift
import RxTest
import Testing

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
func withTaskExecutorPreference(_ label: String) -> String {
  "the client's preference for \(label)"
}
func milliseconds(initialClock: String) -> String {
  "the client's milliseconds from \(initialClock)"
}

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

@Suite struct ClientGlobalsTests {
  @Test func globalsNamedAfterTheTemplatesAdditionsKeepTheirMeaningInExtensionsOfRxTestsTypes() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(scheduler.clientResolution() == "the client's resolution")
    #expect(
      scheduler.clientNames() == [
        "the client's clock", "the client's record of a", "the client's queue of b",
        "the client's preference for c",
      ])
    #expect(TestScheduler.clientMilliseconds() == "the client's milliseconds from 0")
    let observable = scheduler.createHotObservable([Recorded<Event<Int>>]())
    #expect(observable.clientScheduler() == "the client's scheduler")
    #expect(scheduler.createObserver(Int.self).clientScheduler() == "the client's scheduler")
  }
}
