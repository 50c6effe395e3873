import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct MarbleTests {
  @Test func eachCharacterIsAFrameOfTenTicksFromTickZero() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
    expectEqual(hot.recordedEvents, [.next(20, 1), .next(50, 2), .completed(80)])
  }

  @Test func theFrameLengthIsAnArgument() {
    let events = Recorded.events(marbles: "-t-f", values: ["t": true, "f": false], frame: 100)
    expectEqual(events, [.next(100, true), .next(300, false)])
  }

  @Test func aCaretIsTheSubscriptionTickAndEarlierFramesComeBeforeIt() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable("-a-^-b-|", values: ["a": "early", "b": "in time"])
    expectEqual(hot.recordedEvents, [.next(180, "early"), .next(220, "in time"), .completed(240)])

    let observer = scheduler.start { hot.asObservable() }
    expectEqual(observer.events, Recorded.events(marbles: "^-b-|", values: ["b": "in time"]))
    expectEqual(hot.subscriptions, [Subscription(200, 240)])
  }

  @Test func theSubscriptionTickIsAnArgument() {
    let events = Recorded.events(marbles: "a^b", values: ["a": 1, "b": 2], subscribed: 0)
    expectEqual(events, [.next(-10, 1), .next(10, 2)])
  }

  @Test func aHashFailsWithTheGivenError() {
    let events = Recorded.events(marbles: "-a-#", values: ["a": 1], error: TestFailure.broken)
    expectEqual(events, [.next(10, 1), .error(30, TestFailure.broken)])
    let withoutError = Recorded<Event<Int>>.events(marbles: "#")
    expectEqual(withoutError, [.error(0, MarbleError())])
  }

  @Test func aGroupPutsItsEventsOnTheFrameOfItsParenthesisAndKeepsTheColumnsAligned() {
    let events = Recorded.events(marbles: "-(ab)-c|", values: ["a": 1, "b": 2, "c": 3])
    expectEqual(events, [.next(10, 1), .next(10, 2), .next(60, 3), .completed(70)])
    let end = Recorded.events(marbles: "--(a|)", values: ["a": 1])
    expectEqual(end, [.next(20, 1), .completed(20)])
  }

  @Test func spacesAreIgnored() {
    let events = Recorded.events(marbles: "  -a - b", values: ["a": 1, "b": 2])
    expectEqual(events, [.next(10, 1), .next(30, 2)])
  }

  @Test func aColdObservableStartsAtEachSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let cold = scheduler.createColdObservable("-a-|", values: ["a": 1])
    let observer = scheduler.start { cold.asObservable() }
    expectEqual(observer.events, [.next(210, 1), .completed(230)])
    expectEqual(cold.subscriptions, [Subscription(200, 230)])
  }

  @Test(arguments: [
    ("--a--x|", 5, "no value for 'x' (values: 'a')"),
    ("-(a", 3, "'(' without ')'"),
    ("-a)", 2, "')' without '('"),
    ("((a))", 1, "a group inside a group"),
    ("(a-)", 2, "'-' inside a group"),
    ("^-^", 2, "a second '^'"),
    ("(^a)", 1, "'^' inside a group"),
  ])
  func aStringThatCannotBeReadSaysWhereAndWhy(marbles: String, offset: Int, reason: String) {
    #expect(throws: MarbleSyntaxError(marbles: marbles, offset: offset, reason: reason)) {
      try Marbles.events(marbles, values: ["a": 1])
    }
  }

  @Test func aColdObservableHasNoSubscriptionPointAndAFrameIsPositive() {
    #expect(
      throws: MarbleSyntaxError(
        marbles: "-^a", offset: 1, reason: "'^' (the subscription point) in a cold observable")
    ) {
      try Marbles.events("-^a", values: ["a": 1], allowsSubscriptionPoint: false)
    }
    #expect(
      throws: MarbleSyntaxError(
        marbles: "-a", offset: 0,
        reason: "the frame length must be a positive number of ticks, not 0")
    ) {
      try Marbles.events("-a", values: ["a": 1], frame: 0)
    }
    let error = MarbleSyntaxError(marbles: "--a--x|", offset: 5, reason: "no value for 'x'")
    expectEqual("\(error)", #"marble string "--a--x|", offset 5: no value for 'x'"#)
  }
}

@Suite struct TimelineTableTests {
  @Test func equalTimelinesHaveNoTable() {
    let events: [Recorded<Event<Int>>] = [.next(210, 1), .completed(220)]
    #expect(timelineTable(events, events) == nil)
  }

  @Test func theTableShowsBothTimelinesTickByTickAndMarksTheFirstDifference() {
    let actual: [Recorded<Event<Bool>>] = [
      .next(150, false), .next(220, true), .next(300, false), .completed(400),
    ]
    let expected: [Recorded<Event<Bool>>] = [
      .next(150, false), .next(230, true), .next(300, false), .error(400, TestFailure.broken),
    ]
    expectEqual(
      timelineTable(actual, expected),
      """
      Timelines differ; first at tick 220 (>):
          tick | actual      | expected
           150 | next(false) | next(false)
        >  220 | next(true)  |
        *  230 |             | next(true)
           300 | next(false) | next(false)
        *  400 | completed   | error(broken)
      """)
  }

  @Test func eventsAtOneTickArePairedInOrder() {
    let actual: [Recorded<Event<String>>] = [.next(10, "a"), .next(10, "b"), .next(10, "c")]
    let expected: [Recorded<Event<String>>] = [.next(10, "a"), .next(10, "c")]
    expectEqual(
      timelineTable(actual, expected),
      """
      Timelines differ; first at tick 10 (>):
          tick | actual  | expected
            10 | next(a) | next(a)
        >   10 | next(b) | next(c)
        *   10 | next(c) |
      """)
  }

  @Test func theSameEventsInAnotherOrderFallBackToTheListOfPositions() {
    let actual: [Recorded<Event<Int>>] = [.next(10, 1), .next(20, 2)]
    let expected: [Recorded<Event<Int>>] = [.next(20, 2), .next(10, 1)]
    expectEqual(timelineTable(actual, expected), differenceReport(actual, expected))
    #expect(timelineTable(actual, expected) != nil)
  }

  @Test func aFailedExpectationRecordsTheTable() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
    let observer = scheduler.start { hot.map { $0 * 10 } }
    expectEvents(observer, "^-a-b-|", values: ["a": 10, "b": 20])
    expectEvents(observer.events, [.next(220, 10), .next(240, 20), .completed(260)])
    withKnownIssue {
      expectEvents(observer, "^-a--b|", values: ["a": 10, "b": 20], "the map")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        the map
        Timelines differ; first at tick 240 (>):
            tick | actual    | expected
             220 | next(10)  | next(10)
          >  240 | next(20)  |
          *  250 |           | next(20)
             260 | completed | completed
        """
      ]
    }
  }

  @Test func aMarbleStringThatCannotBeReadIsAnIssueNotACrash() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    withKnownIssue {
      expectEvents(observer, "-x", values: ["a": 1])
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        #"marble string "-x", offset 1: no value for 'x' (values: 'a')"#
      ]
    }
  }

  @Test func aDriverAndASignalAreRecordedAndComparedAsTimelines() {
    let scheduler = TestScheduler.milliseconds()
    let driven = scheduler.createObserver(String.self)
    let emitted = scheduler.createObserver(Int.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: scheduler) {
      let text = scheduler.createHotObservable("-a--b", values: ["a": "x", "b": "xy"], frame: 100)
      let driver = text.asDriver(onErrorJustReturn: "")
      let signal = driver.map(\.count).asSignal(onErrorSignalWith: .empty())
      scheduler.scheduleAt(0) {
        driver.drive(driven).disposed(by: bag)
        signal.emit(to: emitted).disposed(by: bag)
      }
      scheduler.start()
    }
    expectEvents(driven, "-a--b", values: ["a": "x", "b": "xy"], frame: 100, subscribed: 0)
    expectEvents(emitted, "-a--b", values: ["a": 1, "b": 2], frame: 100, subscribed: 0)
    withKnownIssue {
      expectEvents(emitted, "-a-b", values: ["a": 1, "b": 2], frame: 100, subscribed: 0)
    }
  }

  @Test func theTraitsTimelinesAndOutcomesCompareToo() {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let single = scheduler.start {
      Single.just(7).delay(.seconds(10), scheduler: scheduler)
    }
    expectEvents(single, "^(a|)", values: ["a": 7], frame: 10)
    var outcomes: [SingleEvent<Int>] = []
    _ = Single.just(1).subscribe { outcomes.append($0) }
    expectEvents(outcomes, [.success(1)])
    withKnownIssue { expectEvents(outcomes, [.success(2)]) }
    var maybe: [MaybeEvent<Int>] = []
    _ = Maybe<Int>.empty().subscribe { maybe.append($0) }
    expectEvents(maybe, [.completed])
    withKnownIssue { expectEvents(maybe, [.success(1)]) }
    var completable: [CompletableEvent] = []
    _ = Completable.error(TestFailure.other).subscribe { completable.append($0) }
    expectEvents(completable, [.error(TestFailure.other)])
    withKnownIssue { expectEvents(completable, [.completed]) }
    expectEvents([Event.next(1), .completed], [.next(1), .completed])
    withKnownIssue { expectEvents([Event.next(1)], [.next(2)]) }
  }
}
