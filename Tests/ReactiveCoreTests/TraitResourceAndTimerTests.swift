import ReactiveCore
import ReactiveTesting
import Testing

/// A resource that logs its disposal.
private final class LoggedResource: Disposable, @unchecked Sendable {  // used from one thread
  let name: String
  let log: CallLog

  init(_ name: String, log: CallLog) {
    self.name = name
    self.log = log
    log.append("open \(name)")
  }

  func dispose() { log.append("close \(name)") }
}

/// `using`, `timer` and `debug` of `Single`, `Maybe` and `Completable`.
@Suite struct TraitResourceAndTimerTests {
  @Test func singleUsingReleasesTheResourceAfterTheOutcome() {
    let log = CallLog()
    let counter = ResourceCounter()
    counter.measure {
      let single = Single<String>.using({ LoggedResource("file", log: log) }) { resource in
        .just("read \(resource.name)")
      }
      _ = single.subscribe(onSuccess: { log.append($0) })
    }
    expectEqual(log.items, ["open file", "read file", "close file"])
    expectEqual(counter.live, 0)
  }

  @Test func maybeAndCompletableUsingReleaseOnDisposalAndOnAThrownError() {
    let log = CallLog()
    let pending = Maybe<Int>.using({ LoggedResource("socket", log: log) }) { _ in .never() }
    let subscription = pending.subscribe(onSuccess: { log.append("element \($0)") })
    log.append("disposing")
    subscription.dispose()
    let failing = Completable.using({ LoggedResource("lock", log: log) }) {
      _ -> Completable in
      throw TestFailure.broken
    }
    _ = failing.subscribe(onError: { log.append("error \($0)") })
    expectEqual(
      log.items,
      [
        "open socket", "disposing", "close socket", "open lock", "error broken", "close lock",
      ])
  }

  @Test func singleAndMaybeTimersGiveZeroAfterTheDueTime() {
    let scheduler = millisecondScheduler()
    let single = scheduler.start {
      Single<Int>.timer(.milliseconds(100), scheduler: scheduler)
    }
    let other = millisecondScheduler()
    let maybe = other.start(created: 400, subscribed: 500, disposed: 1_000) {
      Maybe<UInt8>.timer(.milliseconds(30), scheduler: other)
    }
    expectEqual(single.events, [.next(300, 0), .completed(300)])
    expectEqual(maybe.events, [.next(530, 0), .completed(530)])
  }

  @Test func debugPassesEachTraitsOutcomeOn() {
    let log = CallLog()
    _ = Single.just(1).debug("single").subscribe(onSuccess: { log.append("success \($0)") })
    _ = Maybe<Int>.empty().debug("maybe", trimOutput: true).subscribe(
      onCompleted: { log.append("maybe completed") })
    _ = Completable.error(TestFailure.boom).debug().subscribe(onError: {
      log.append("completable \($0)")
    })
    expectEqual(log.items, ["success 1", "maybe completed", "completable boom"])
  }
}
