import Dispatch
import ReactiveCore
import ReactiveTesting
import Testing

/// Timelines and lifetimes where the core follows RxSwift's exact behaviour.
@Suite(.timeLimit(.minutes(1))) struct RxSwiftTimelineTests {
  final class Token {}

  @Test func subscribeOnDisposesOnItsSchedulerAfterATerminalEvent() {
    let scheduler = TestScheduler(initialClock: 0)
    let completing: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
    let completed = scheduler.start { completing.subscribe(on: scheduler) }
    expectEqual(completed.events, [.completed(300)])
    expectEqual(completing.subscriptions, [Subscription(201, 301)])

    let other = TestScheduler(initialClock: 0)
    let failing: TestableObservable<Int> = other.createHotObservable([
      .next(250, 1), .error(300, TestError()),
    ])
    let failed = other.start { failing.subscribe(on: other) }
    expectEqual(failed.events, [.next(250, 1), .error(300, TestError())])
    expectEqual(failing.subscriptions, [Subscription(201, 301)])
  }

  @Test func replayStartsEachConnectionWithAnEmptyBuffer() {
    for makeReplay in [
      { (source: PublishSubject<Int>) in source.replay(2) },
      { (source: PublishSubject<Int>) in source.replayAll() },
    ] {
      let source = PublishSubject<Int>()
      let replayed = makeReplay(source)
      let first = replayed.connect()
      source.onNext(1)
      source.onNext(2)
      let early = Recorder<Int>()
      let earlySubscription = early.record(replayed)
      expectEqual(early.elements, [1, 2])
      first.dispose()
      earlySubscription.dispose()

      let second = replayed.connect()
      let late = Recorder<Int>()
      let lateSubscription = late.record(replayed)
      #expect(late.elements.isEmpty)
      source.onNext(3)
      expectEqual(late.elements, [3])
      lateSubscription.dispose()
      second.dispose()
    }
  }

  @Test func aControlEventSubscribesItsSourceOnTheMainQueue() async {
    #expect(!MainScheduler.isOnMainQueue)
    let subscribedOnMain = await withCheckedContinuation { continuation in
      let event = ControlEvent<Int>(
        events: Observable.create { observer in
          continuation.resume(returning: MainScheduler.isOnMainQueue)
          observer.onCompleted()  // ends the subscription, so it frees itself
          return Disposables.create()
        })
      _ = event.subscribe()
    }
    #expect(subscribedOnMain)
  }

  @Test func aControlPropertySubscribesItsSourceOnTheMainQueue() async {
    let subscribedOnMain = await withCheckedContinuation { continuation in
      let property = ControlProperty<Int>(
        values: Observable.create { observer in
          continuation.resume(returning: MainScheduler.isOnMainQueue)
          observer.onCompleted()  // ends the subscription, so it frees itself
          return Disposables.create()
        },
        valueSink: AnyObserver { _ in })
      _ = property.subscribe()
    }
    #expect(subscribedOnMain)
  }

  @Test @MainActor func onTheMainQueueAControlEventSubscribesAtOnce() {
    let taps = PublishSubject<Int>()
    var received: [Int] = []
    let subscription = ControlEvent(events: taps).subscribe(onNext: { received.append($0) })
    taps.onNext(1)
    expectEqual(received, [1])
    subscription.dispose()
    taps.onNext(2)
    expectEqual(received, [1])
  }

  @Test func andThenReleasesTheFirstCompletableWhenItCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source: TestableObservable<Never> = scheduler.createHotObservable([.completed(210)])
    var token: Token? = Token()
    weak let weakToken = token
    var first: Completable? = source.asCompletable().do(onCompleted: { [token] in _ = token })
    let subscription = first!.andThen(Completable.never()).subscribe()
    scheduler.advanceTo(300)
    token = nil
    first = nil
    #expect(weakToken == nil)
    expectEqual(source.subscriptions, [Subscription(0, 210)])
    subscription.dispose()
  }

  @Test func andThenReleasesTheFirstCompletableWhenItFails() {
    let scheduler = TestScheduler(initialClock: 0)
    let source: TestableObservable<Never> = scheduler.createHotObservable([
      .error(210, TestError())
    ])
    var token: Token? = Token()
    weak let weakToken = token
    var first: Completable? = source.asCompletable().do(onError: { [token] _ in _ = token })
    let subscription = first!.andThen(Completable.never()).subscribe()
    scheduler.advanceTo(300)
    token = nil
    first = nil
    #expect(weakToken == nil)
    subscription.dispose()
  }

  @Test func cancellingTheTaskThatIteratesValuesThrowsCancellationError() async {
    let withoutElements = Task { () -> String in
      do {
        for try await _ in Observable<Int>.never().values {}
        return "finished"
      } catch is CancellationError {
        return "cancelled"
      } catch {
        return "failed"
      }
    }
    withoutElements.cancel()
    #expect(await withoutElements.value == "cancelled")

    let afterAnElement = Task { () -> [String] in
      var log: [String] = []
      do {
        for try await element in BehaviorSubject(value: 7).values {
          log.append("\(element)")
          withUnsafeCurrentTask { $0?.cancel() }
        }
        log.append("finished")
      } catch is CancellationError {
        log.append("cancelled")
      } catch {
        log.append("failed")
      }
      return log
    }
    #expect(await afterAnElement.value == ["7", "cancelled"])
  }

  @Test func valuesStillFinishesWithoutErrorWhenTheSourceCompletes() async throws {
    var received: [Int] = []
    for try await element in Observable.of(1, 2, 3).values { received.append(element) }
    expectEqual(received, [1, 2, 3])
  }
}
