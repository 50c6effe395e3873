import ReactiveCore
import ReactiveTesting
import Testing

/// The order in which a chain's disposal handlers run around its terminal event, as in
/// RxSwift: the subscriber's `onDisposed` right after its `onCompleted` or `onError`, and each
/// operator's sources disposed where RxSwift disposes them.
@Suite struct DisposalOrderTests {
  /// A log of what happens, shared by the handlers of one test.
  final class Log {
    var entries: [String] = []
  }

  private func subscribe(_ source: Observable<Int>, _ log: Log) -> Disposable {
    source.subscribe(
      onNext: { log.entries.append("next \($0)") }, onError: { _ in log.entries.append("error") },
      onCompleted: { log.entries.append("completed") },
      onDisposed: { log.entries.append("disposed") })
  }

  @Test func onDisposedFollowsTheTerminalHandlerBeforeTheSequenceIsDisposed() {
    let log = Log()
    let subject = PublishSubject<Int>()
    _ = subscribe(subject.do(onDispose: { log.entries.append("source disposed") }).take(1), log)
    subject.onNext(1)
    expectEqual(log.entries, ["next 1", "completed", "disposed", "source disposed"])

    final class Resource: Disposable, @unchecked Sendable {
      let log: Log
      init(_ log: Log) { self.log = log }
      func dispose() { log.entries.append("resource disposed") }
    }
    let resourceLog = Log()
    _ = subscribe(
      Observable.using({ Resource(resourceLog) }, observableFactory: { _ in .error(TestError()) }),
      resourceLog)
    expectEqual(resourceLog.entries, ["error", "disposed", "resource disposed"])
  }

  @Test func disposingRunsOnDisposedAfterTheSequenceIsDisposed() {
    let log = Log()
    let subscription = subscribe(
      PublishSubject<Int>().do(onDispose: { log.entries.append("source disposed") }), log)
    subscription.dispose()
    expectEqual(log.entries, ["source disposed", "disposed"])
  }

  @Test func concatDisposesEachSourceBeforeTheNextAndTheLastAfterTheResultEnds() {
    let log = Log()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let spied = { (name: String, source: PublishSubject<Int>) in
      source.do(
        onSubscribe: { log.entries.append("\(name) subscribed") },
        onDispose: { log.entries.append("\(name) disposed") })
    }
    _ = subscribe(Observable.concat(spied("first", first), spied("second", second)), log)
    first.onCompleted()
    second.onCompleted()
    expectEqual(
      log.entries,
      [
        "first subscribed", "first disposed", "second subscribed", "completed", "disposed",
        "second disposed",
      ])

    let failing = Log()
    let source = PublishSubject<Int>()
    _ = subscribe(
      Observable.concat(
        source.do(onDispose: { failing.entries.append("source disposed") }), .just(1)),
      failing)
    source.onError(TestError())
    expectEqual(failing.entries, ["error", "disposed", "source disposed"])
  }

  @Test func catchingThroughASequenceDisposesTheLastFailureAfterSendingIt() {
    let log = Log()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    _ = subscribe(
      Observable.catch(sequence: [
        first.do(onDispose: { log.entries.append("first disposed") }),
        second.do(onDispose: { log.entries.append("second disposed") }),
      ]), log)
    first.onError(TestError())
    second.onError(TestError())
    expectEqual(log.entries, ["first disposed", "error", "disposed", "second disposed"])
  }

  @Test func flatMapLatestDisposesTheLastInnerSequenceBeforeCompleting() {
    let log = Log()
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    _ = subscribe(
      outer.flatMapLatest { _ in inner.do(onDispose: { log.entries.append("inner disposed") }) },
      log)
    outer.onNext(1)
    outer.onCompleted()
    inner.onCompleted()
    expectEqual(log.entries, ["inner disposed", "completed", "disposed"])
  }

  @Test func flatMapAndFlatMapLatestDisposeTheOuterSequenceBeforeCompleting() {
    for operation in ["flatMap", "flatMapLatest"] {
      let log = Log()
      let outer = PublishSubject<Int>()
      let spied = outer.do(onDispose: { log.entries.append("outer disposed") })
      let result =
        operation == "flatMap"
        ? spied.flatMap { _ in Observable<Int>.empty() }
        : spied.flatMapLatest { _ in Observable<Int>.empty() }
      _ = subscribe(result, log)
      outer.onNext(1)
      outer.onCompleted()
      expectEqual(log.entries, ["outer disposed", "completed", "disposed"], "\(operation)")
    }
  }

  @Test func aLimitedMergeDisposesTheOuterSequenceAfterCompleting() {
    let log = Log()
    let outer = PublishSubject<Observable<Int>>()
    _ = subscribe(
      outer.do(onDispose: { log.entries.append("outer disposed") }).merge(maxConcurrent: 1), log)
    outer.onNext(.just(1))
    outer.onCompleted()
    expectEqual(log.entries, ["next 1", "completed", "disposed", "outer disposed"])
  }

  @Test func ignoreElementsDisposesItsSourceBeforeCompletingAndAfterFailing() {
    for fails in [false, true] {
      let log = Log()
      let source = PublishSubject<Int>()
      _ = source.do(onDispose: { log.entries.append("source disposed") }).ignoreElements()
        .subscribe(
          onError: { _ in log.entries.append("error") },
          onCompleted: { log.entries.append("completed") })
      source.onNext(1)
      if fails { source.onError(TestError()) } else { source.onCompleted() }
      expectEqual(
        log.entries, (fails ? ["error", "source disposed"] : ["source disposed", "completed"]))
    }
  }

  @Test func ambDisposesTheLosersBeforeTheWinnersFirstEvent() {
    for firstEvent in ["element", "completion"] {
      let log = Log()
      let left = PublishSubject<Int>()
      let right = PublishSubject<Int>()
      _ = subscribe(
        left.do(onDispose: { log.entries.append("left disposed") })
          .amb(right.do(onDispose: { log.entries.append("right disposed") })), log)
      if firstEvent == "element" {
        right.onNext(1)
        right.onCompleted()
        expectEqual(
          log.entries, ["left disposed", "next 1", "completed", "disposed", "right disposed"])
      } else {
        right.onCompleted()
        expectEqual(log.entries, ["left disposed", "completed", "disposed", "right disposed"])
      }
    }
  }

  @Test func combineLatestDisposesTheSourceThatCompletesItBeforeCompleting() {
    let log = Log()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    _ = subscribe(
      Observable.combineLatest(
        first.do(onDispose: { log.entries.append("first disposed") }),
        second.do(onDispose: { log.entries.append("second disposed") })
      ) { $0 + $1 }, log)
    first.onNext(1)
    second.onNext(2)
    first.onCompleted()
    second.onCompleted()
    expectEqual(
      log.entries, ["next 3", "first disposed", "second disposed", "completed", "disposed"])
  }

  /// A chain over a subject that a second subject's element completes, ending in
  /// `do(afterCompleted:afterError:)`, with a `map` after it or not; each handler notes whether
  /// the sources above still have observers. The expected logs are what RxSwift prints.
  private func afterHandlersLog(fails: Bool, mapLast: Bool) -> [String] {
    let log = Log()
    let subject = PublishSubject<Int>()
    let upstream = BehaviorSubject(value: 0)
    let note = { (name: String) in
      log.entries.append(
        "\(name) subject=\(subject.hasObservers) upstream=\(upstream.hasObservers)")
    }
    let chain = Observable.merge(subject.asObservable(), .never())
      .take(until: upstream.skip(1))
      .do(onDispose: { log.entries.append("above disposed") })
      .do(afterError: { _ in note("afterError") }, afterCompleted: { note("afterCompleted") })
    _ = subscribe(mapLast ? chain.map { $0 } : chain, log)
    if fails { subject.onError(TestError()) } else { upstream.onNext(1) }
    return log.entries
  }

  @Test func aDoAfterHandlerRightAboveTheSubscriberRunsBeforeTheSourcesAreDisposed() {
    expectEqual(
      afterHandlersLog(fails: false, mapLast: false),
      [
        "completed", "disposed", "afterCompleted subject=true upstream=true", "above disposed",
      ])
    expectEqual(
      afterHandlersLog(fails: true, mapLast: false),
      [
        "error", "disposed", "afterError subject=false upstream=true", "above disposed",
      ])
  }

  @Test func aDoAfterHandlerWithAnOperatorAfterItRunsOnceTheSourcesAreDisposed() {
    expectEqual(
      afterHandlersLog(fails: false, mapLast: true),
      [
        "completed", "disposed", "above disposed", "afterCompleted subject=false upstream=false",
      ])
    expectEqual(
      afterHandlersLog(fails: true, mapLast: true),
      [
        "error", "disposed", "above disposed", "afterError subject=false upstream=false",
      ])
  }

  @Test func aDoWithItsOwnOnDisposeRunsItAfterItsAfterHandlerAsInRxSwift() {
    for fails in [false, true] {
      let log = Log()
      let subject = PublishSubject<Int>()
      _ = subscribe(
        subject
          .do(onDispose: { log.entries.append("above disposed") })
          .do(
            afterError: { _ in log.entries.append("after \(subject.hasObservers)") },
            afterCompleted: { log.entries.append("after \(subject.hasObservers)") },
            onDispose: { log.entries.append("own onDispose") }),
        log)
      if fails { subject.onError(TestError()) } else { subject.onCompleted() }
      expectEqual(
        log.entries,
        [
          fails ? "error" : "completed", "disposed", "after false", "above disposed",
          "own onDispose",
        ])
    }
  }

  @Test func disposingWhileTheAfterHandlerRunsStillDisposesTheSources() {
    let log = Log()
    let subject = PublishSubject<Int>()
    var subscription: Disposable?
    subscription = subscribe(
      subject
        .do(onDispose: { log.entries.append("above disposed") })
        .do(afterCompleted: {
          subscription?.dispose()
          log.entries.append("afterCompleted")
        }),
      log)
    subject.onCompleted()
    expectEqual(log.entries, ["completed", "disposed", "afterCompleted", "above disposed"])
    let later = Log()
    let disposed = subscribe(
      PublishSubject<Int>().do(onDispose: { later.entries.append("above disposed") })
        .do(afterCompleted: { later.entries.append("afterCompleted") }), later)
    disposed.dispose()
    expectEqual(later.entries, ["above disposed", "disposed"])
  }
}
