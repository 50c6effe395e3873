import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

/// Search as you type, on a virtual clock where one tick is a millisecond.
@Suite @MainActor struct SearchViewModelTests {
  enum SearchFailure: Error { case serverError }

  /// Two results per query after 600 ms; "boom" fails after 200 ms.
  static func service(_ clock: TestScheduler) -> FakeSearchService {
    let service = FakeSearchService(scheduler: clock)
    service.response = { query in
      query == "boom"
        ? [.error(200, SearchFailure.serverError)]
        : [.next(600, [friend(query, 1), friend(query, 2)]), .completed(600)]
    }
    return service
  }

  static func friend(_ query: String, _ number: Int) -> Friend {
    Friend(id: number, firstName: query, lastName: "\(number)", phoneNumber: "555 0100")
  }

  struct Run {
    let results: TestableObserver<[Friend]>
    let errors: TestableObserver<String>
    var names: [Recorded<Event<[String]>>] {
      results.events.map { Recorded(time: $0.time, value: $0.value.map { $0.map(\.fullName) }) }
    }
  }

  static func run(
    _ typing: [Recorded<Event<String>>], service: FakeSearchService, clock: TestScheduler,
    retry: SearchViewModel.RetryPolicy = .none
  ) -> Run {
    let results = clock.createObserver([Friend].self)
    let errors = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let query = clock.createHotObservable(typing)
      let output = SearchViewModel(service: service, scheduler: clock, retry: retry)
        .transform(.init(query: query.asObservable()))
      clock.scheduleAt(0) {
        output.results.drive(results).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.start()
    }
    return Run(results: results, errors: errors)
  }

  @Test func debouncesCancelsStaleSearchesSkipsDuplicatesAndSurvivesErrors() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    // One character is 50 ms. Three quick keystrokes make one search, for "swi", at 500;
    // "swift" is searched at 1000, cancelling "swi"; "swift " is trimmed to a duplicate,
    // neither searched nor cancelling; "boom" is searched at 2300 and fails at 2500.
    let story = MarbleDiagram(
      """
      ms       0    250  500  750  1000 1250 1500 1750 2000 2250 2500
      typing   --abc---------d---------e---------------f
      results  --------------------------------r
      errors   --------------------------------------------------x
      """)
    let typed: [Character: String] = [
      "a": "s", "b": "sw", "c": "swi", "d": "swift", "e": "swift ", "f": "boom",
    ]
    let run = Self.run(
      Recorded.events(marbles: story["typing"], values: typed, frame: 50), service: service,
      clock: clock)

    expectEvents(
      run.names,
      Recorded.events(marbles: story["results"], values: ["r": ["swift 1", "swift 2"]], frame: 50))
    expectEvents(run.errors, story["errors"], values: ["x": "Search for boom failed"], frame: 50)
    expectEqual(service.requests["swi"]?.subscriptions, [Subscription(500, 1_000)])
    expectEqual(service.requests["swift"]?.subscriptions, [Subscription(1_000, 1_600)])
    expectEqual(service.requests.keys.sorted(), ["boom", "swi", "swift"])
  }

  @Test func aDuplicateAfterAnotherQueryIsSearchedAgain() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    _ = Self.run(
      [.next(100, "swift"), .next(2_000, "boom"), .next(3_000, "swift ")],
      service: service, clock: clock)
    expectEqual(service.allRequests.map(\.query), ["swift", "boom", "swift"])
    expectEqual(service.allRequests.last?.request.subscriptions, [Subscription(3_300, 3_900)])
  }

  @Test func aShortQueryClearsTheResultsWithoutARequest() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let run = Self.run([.next(100, "ada"), .next(1_500, "a")], service: service, clock: clock)
    expectEqual(run.names, [.next(1_000, ["ada 1", "ada 2"]), .next(1_800, [])])
    expectEqual(service.allRequests.map(\.query), ["ada"])
  }

  @Test func eachSearchComesWithItsQueryAndWhetherItWasSearched() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let searches = clock.createObserver(SearchViewModel.Results.self)
    let results = clock.createObserver([Friend].self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let typing = clock.createHotObservable([.next(100, " ada "), .next(1_500, "a")])
      let output = SearchViewModel(service: service, scheduler: clock)
        .transform(.init(query: typing.asObservable()))
      clock.scheduleAt(0) {
        output.searches.drive(searches).disposed(by: bag)
        output.results.drive(results).disposed(by: bag)
      }
      clock.start()
    }
    let found = [Self.friend("ada", 1), Self.friend("ada", 2)]
    expectEqual(
      searches.events,
      [
        .next(1_000, .init(query: "ada", friends: found, wasSearched: true)),
        .next(1_800, .init(query: "a", friends: [], wasSearched: false)),
      ])
    expectEqual(results.events, [.next(1_000, found), .next(1_800, [])])
    // Both outputs share one chain: one request for "ada".
    expectEqual(service.allRequests.map(\.query), ["ada"])
  }

  @Test func aFailedSearchIsRetriedTwiceWithBackoffBeforeTheMessage() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let run = Self.run([.next(2_000, "boom")], service: service, clock: clock, retry: .standard)
    // Tries at 2300, then 200 ms after the first failure, then 400 ms after the second.
    expectEqual(
      service.requests["boom"]?.subscriptions,
      [
        Subscription(2_300, 2_500), Subscription(2_700, 2_900), Subscription(3_300, 3_500),
      ])
    expectEqual(run.errors.events, [.next(3_500, "Search for boom failed")])
  }

  @Test func aNewQueryDuringABackoffCancelsThePendingRetry() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    // "boom" fails at 2500; its retry would start at 2700, but "ada" arrives at 2650.
    let run = Self.run(
      [.next(2_000, "boom"), .next(2_350, "ada")], service: service, clock: clock,
      retry: .standard)
    expectEqual(service.requests["boom"]?.subscriptions, [Subscription(2_300, 2_500)])
    #expect(run.errors.events.isEmpty)
    expectEqual(run.names, [.next(3_250, ["ada 1", "ada 2"])])
  }

  @Test func requestsAreDisposedWhenTheScreenGoes() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let counter = ResourceCounter()
    let typing = clock.createHotObservable([.next(100, "swift")])
    counter.measure {
      SharingScheduler.mock(scheduler: clock) {
        _ = clock.start(created: 0, subscribed: 0, disposed: 700) {
          SearchViewModel(service: service, scheduler: clock)
            .transform(.init(query: typing.asObservable()))
            .results.asObservable()
        }
      }
    }
    // The search started at 400 and was still running when the screen went at 700.
    expectEqual(service.requests["swift"]?.subscriptions, [Subscription(400, 700)])
    expectEqual(typing.subscriptions, [Subscription(0, 700)])
    expectEqual(counter.live, 0)
  }

  @Test func theServiceIsReleasedWithTheChainEvenWithRetries() {
    weak var weakService: FakeSearchService?
    do {
      let clock = TestScheduler.milliseconds()
      let service = Self.service(clock)
      weakService = service
      let typing = clock.createHotObservable([.next(100, "boom"), .next(1_000, "rx")])
      SharingScheduler.mock(scheduler: clock) {
        _ = clock.start(created: 0, subscribed: 0, disposed: 2_000) {
          SearchViewModel(service: service, scheduler: clock, retry: .standard)
            .transform(.init(query: typing.asObservable()))
            .results.asObservable()
        }
      }
    }
    #expect(weakService == nil)
  }

  @Test func theStatusSaysSearchingNeverNoMatchesWhileASearchIsPendingOrRuns() {
    let clock = TestScheduler.milliseconds()
    let service = FakeSearchService(scheduler: clock)
    let ada = Self.friend("Ada", 1)
    service.response = { query in
      switch query {
      case "ada": return [.next(600, [ada]), .completed(600)]
      case "boom": return [.error(200, SearchFailure.serverError)]
      default: return [.next(600, []), .completed(600)]
      }
    }
    let status = clock.createObserver(SearchViewModel.Status.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let typing = clock.createHotObservable([
        .next(100, "z"), .next(150, "zz"),  // searched 450–1050: nobody
        .next(2_000, "zza"),  // searched 2300–2900: nobody
        .next(4_000, "ada"),  // searched 4300–4900: Ada
        .next(5_000, "adab"),  // searched 5300–5900 while Ada still shows: nobody
        .next(7_000, "boom"),  // searched 7300–7500: fails
        .next(8_000, "b"),
      ])
      let output = SearchViewModel(service: service, scheduler: clock)
        .transform(.init(query: typing.asObservable()))
      clock.scheduleAt(0) { output.status.drive(status).disposed(by: bag) }
      clock.start()
    }
    expectEqual(
      status.events,
      [
        .next(0, .tooShort),
        .next(150, .searching(query: "zz")),
        .next(1_050, .noMatches(query: "zz")),
        .next(2_000, .searching(query: "zza")),
        .next(2_900, .noMatches(query: "zza")),
        .next(4_000, .searching(query: "ada")),
        .next(4_900, .found([ada])),
        .next(5_900, .noMatches(query: "adab")),
        .next(7_000, .searching(query: "boom")),
        .next(7_500, .failed("Search for boom failed")),
        .next(8_000, .tooShort),
      ])
    expectEqual(SearchViewModel.Status.noMatches(query: "zz").text, "No friend matches.")
    expectEqual(SearchViewModel.Status.searching(query: "zz").text, "Searching…")
  }

  @Test func resultsFollowAFriendRenamedOrDeletedWhileTheyShow() {
    let clock = TestScheduler.milliseconds()
    let service = FakeSearchService(scheduler: clock)
    let ada = Friend(id: 1, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")
    let grace = Friend(id: 2, firstName: "Grace", lastName: "Adams", phoneNumber: "555 0102")
    let renamed = Friend(id: 1, firstName: "Ada", lastName: "King", phoneNumber: "555 0101")
    // The data as it is when each search is made: Ada renamed at 2000, deleted at 3000.
    service.response = { _ in
      let found =
        clock.clock < 2_000 ? [ada, grace] : clock.clock < 3_000 ? [renamed, grace] : [grace]
      return [.next(100, found), .completed(100)]
    }
    let results = clock.createObserver([Friend].self)
    let status = clock.createObserver(SearchViewModel.Status.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let typing = clock.createHotObservable([.next(100, "ad")])
      let changes = clock.createHotObservable([
        .next(50, ()),  // before any query: nothing to search again
        .next(2_000, ()), .next(3_000, ()),
      ])
      let output = SearchViewModel(service: service, scheduler: clock)
        .transform(.init(query: typing.asObservable(), refresh: changes.asObservable()))
      clock.scheduleAt(0) {
        output.results.drive(results).disposed(by: bag)
        output.status.drive(status).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(
      results.events,
      [
        .next(500, [ada, grace]), .next(2_100, [renamed, grace]), .next(3_100, [grace]),
      ])
    // The old results stay on screen while the search runs again.
    expectEqual(
      status.events,
      [
        .next(0, .tooShort), .next(100, .searching(query: "ad")), .next(500, .found([ada, grace])),
        .next(2_100, .found([renamed, grace])), .next(3_100, .found([grace])),
      ])
    expectEqual(service.allRequests.map(\.query), ["ad", "ad", "ad"])
  }
}
