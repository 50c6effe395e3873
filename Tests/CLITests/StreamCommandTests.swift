import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing
import ViewModels

@testable import FriendsCLI

/// `search`, `timeline` and `people`, bound to their view models on virtual time; standard
/// input is a hot test observable, so lines arrive at given milliseconds.
@Suite @MainActor struct StreamCommandTests {
  enum Failure: Error { case serverDown }

  /// Friends whose names contain the query, after 200 ms ("ada" after a whole second);
  /// "boom" fails after 100 ms.
  static func answer(_ harness: Harness) {
    harness.search.response = { query in
      if query == "boom" { return [.error(100, Failure.serverDown)] }
      let found = [Sample.ada, Sample.grace, Sample.alan].filter {
        $0.fullName.lowercased().contains(query.lowercased())
      }
      let delay = query == "ada" ? 1_000 : 200
      return [.next(delay, found), .completed(delay)]
    }
  }

  @Test func aQuerySearchesOnceAtOnce() {
    let harness = Harness()
    Self.answer(harness)
    expectEqual(harness.run("search ada"), .success)
    expectEqual(harness.stdout, "ID  NAME          PHONE\n 3  Ada Lovelace  +44 20 7946 0001\n")
    // The query is complete when given: no debounce wait before the request.
    expectEqual(harness.search.requests["ada"]?.subscriptions, [Subscription(0, 1_000)])
  }

  @Test func aShortQueryIsNotSearched() {
    let harness = Harness()
    Self.answer(harness)
    expectEqual(harness.run("search a"), .failure)
    expectEqual(harness.stderr, "error: \(SearchViewModel.shortQueryText)\n")
    #expect(harness.search.allRequests.isEmpty)
  }

  @Test func noMatchSaysSoAndSucceeds() {
    let harness = Harness()
    Self.answer(harness)
    expectEqual(harness.run("search zz"), .success)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "No friends match \"zz\".\n")
  }

  @Test func typedLinesAreDebouncedDeduplicatedAndCancelled() {
    let harness = Harness()
    Self.answer(harness)
    harness.lines = harness.clock.createHotObservable([
      .next(100, "a"), .next(150, "ad"),  // one search, for "ad", at 450
      .next(1_000, "x"),  // too short: shown at 1300 without a request
      .next(2_000, "ada"),  // searched at 2300, slow to answer
      .next(2_400, "ada "),  // the same query once trimmed: skipped at 2700, not restarted
      .next(2_800, "al"),  // searched at 3100, cancelling "ada"
      .completed(3_500),
    ]).asObservable()
    expectEqual(harness.run("search"), .success)
    expectEqual(
      harness.stdout,
      """
      "ad": 1 friend
        3  Ada Lovelace  +44 20 7946 0001
      "x": \(SearchViewModel.shortQueryText)
      "al": 1 friend
        7  Alan Turing  +44 161 555 0100

      """)
    expectEqual(harness.search.allRequests.map(\.query), ["ad", "ada", "al"])
    expectEqual(harness.search.requests["ada"]?.subscriptions, [Subscription(2_300, 3_100)])
    expectEqual(harness.search.requests["al"]?.subscriptions, [Subscription(3_100, 3_300)])
    // Done when the input ended and the last search had finished.
    expectEqual(harness.clock.clock, 3_500)
  }

  @Test func theLastSearchFinishesAfterTheInputEnds() {
    let harness = Harness()
    Self.answer(harness)
    harness.lines = harness.clock.createHotObservable([.next(100, "gr"), .completed(150)])
      .asObservable()
    expectEqual(harness.run("search --json"), .success)
    #expect(
      harness.stdout
        == #"{"query":"gr","results":[{"firstName":"Grace","id":12,"lastName":"Hopper","phoneNumber":"+1 555 010 2841"}],"searched":true}"#
        + "\n")
    // The input ended at 150, so the pending query went at once and answered at 350.
    expectEqual(harness.clock.clock, 350)
  }

  @Test func aFailedSearchIsRetriedThenReportedAndTypingGoesOn() {
    let harness = Harness()
    Self.answer(harness)
    harness.lines = harness.clock.createHotObservable([
      .next(100, "boom"), .next(2_000, "grace"), .completed(2_100),
    ]).asObservable()
    expectEqual(harness.run("search"), .failure)
    expectEqual(harness.stderr, "error: Search for boom failed\n")
    #expect(harness.stdout.hasPrefix("\"grace\": 1 friend\n"))
    expectEqual(harness.search.allRequests.map(\.query), ["boom", "grace"])
    // Tried at 400, then 200 ms and 400 ms after each failure.
    expectEqual(
      harness.search.requests["boom"]?.subscriptions,
      [
        Subscription(400, 500), Subscription(700, 800), Subscription(1_200, 1_300),
      ])
  }

  @Test func anEmptyInputSearchesNothing() {
    let harness = Harness()
    expectEqual(harness.run("search"), .success)
    #expect(harness.stdout == "" && harness.stderr == "")
    #expect(harness.search.allRequests.isEmpty)
  }

  static let posts = [
    Sample.post(3, by: Sample.tomas, "Third."), Sample.post(2, by: Sample.rosa, "Second."),
    Sample.post(1, by: Sample.tomas, "First."),
  ]

  @Test func timelinePrintsOnePageOldestFirst() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.next(100, Self.posts), .completed(100)] }
    expectEqual(harness.run("timeline"), .success)
    expectEqual(
      harness.stdout,
      """
      2024-03-01 08:01  Tomás Ibarra  First.
      2024-03-01 08:02  Rosa Delgado  Second.
      2024-03-01 08:03  Tomás Ibarra  Third.

      """)
    expectEqual(harness.timeline.timelineCursors, [.none])
    expectEqual(harness.clock.clock, 100)
  }

  @Test func timelinePrintsJSONNewestFirst() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.next(1, [Self.posts[0]]), .completed(1)] }
    expectEqual(harness.run("timeline --json"), .success)
    expectEqual(
      harness.stdout,
      """
      [
        {
          "authorId" : 2,
          "authorName" : "Tomás Ibarra",
          "date" : "2024-03-01T08:03:00Z",
          "id" : 3,
          "text" : "Third."
        }
      ]

      """)
  }

  @Test func anEmptyTimelineSaysSo() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.next(1, []), .completed(1)] }
    expectEqual(harness.run("timeline"), .success)
    #expect(harness.stdout == "" && harness.stderr == "No posts yet.\n")
  }

  @Test func aTimelineThatCannotBeFetchedFails() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.error(100, Failure.serverDown)] }
    expectEqual(harness.run("timeline"), .failure)
    expectEqual(harness.stdout, "")
    expectEqual(harness.stderr, "error: Could not load posts: serverDown\n")
    expectEqual(harness.clock.clock, 100)
  }

  @Test func followReportsAFailedFetchAndGoesOn() {
    let harness = Harness()
    // The fetch at 0 fails; the one at 5 s brings the posts.
    harness.timeline.timelineResponse = { _ in
      harness.clock.clock == 0
        ? [.error(100, Failure.serverDown)] : [.next(100, [Self.posts[2]]), .completed(100)]
    }
    expectEqual(harness.run("timeline --follow", limit: 6_000), .interrupted)
    expectEqual(harness.stderr, "error: Could not load posts: serverDown\n")
    expectEqual(harness.stdout, "2024-03-01 08:01  Tomás Ibarra  First.\n")
  }

  @Test func followPrintsNewPostsAsTheyArriveUntilCtrlC() {
    let harness = Harness()
    let newer = Sample.post(4, by: Sample.rosa, "Fourth.")
    harness.timeline.timelineResponse = { cursor in
      switch cursor.newestId {
      case nil: return [.next(100, Self.posts), .completed(100)]
      case 3: return [.next(100, [newer]), .completed(100)]
      default: return [.next(100, []), .completed(100)]
      }
    }
    // Ctrl-C at 12 s: fetches at 0, 5 and 10 s.
    expectEqual(harness.run("timeline --follow", limit: 12_000), .interrupted)
    expectEqual(
      harness.stdout,
      """
      2024-03-01 08:01  Tomás Ibarra  First.
      2024-03-01 08:02  Rosa Delgado  Second.
      2024-03-01 08:03  Tomás Ibarra  Third.
      2024-03-01 08:04  Rosa Delgado  Fourth.

      """)
    expectEqual(
      harness.timeline.timelineCursors,
      [
        .none, TimelineCursor(newestId: 3, oldestId: 1), TimelineCursor(newestId: 4, oldestId: 1),
      ])
  }

  @Test func followStreamsJSONLinesAtTheGivenInterval() {
    let harness = Harness()
    harness.timeline.timelineResponse = { cursor in
      cursor.newestId == nil
        ? [.next(10, [Self.posts[2]]), .completed(10)] : [.next(10, []), .completed(10)]
    }
    expectEqual(harness.run("timeline -f --json --interval 0.5", limit: 1_200), .interrupted)
    #expect(
      harness.stdout
        == #"{"authorId":2,"authorName":"Tomás Ibarra","date":"2024-03-01T08:01:00Z","id":1,"text":"First."}"#
        + "\n")
    expectEqual(harness.timeline.timelineCursors.count, 3)  // at 0, 500 and 1000 ms
  }

  @Test func followEndsWhenTheAccountLogsOut() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.next(10, []), .completed(10)] }
    harness.clock.scheduleAt(6_000) { harness.auth.status.accept(.unavailable) }
    expectEqual(harness.run("timeline --follow"), .failure)
    expectEqual(harness.stderr, "error: Not logged in. Run 'friends login' first.\n")
    expectEqual(harness.clock.clock, 6_000)
  }

  @Test func peoplePrintsTheMembers() {
    let harness = Harness()
    harness.timeline.peopleResponse = {
      [.next(100, [Sample.rosa, Sample.tomas]), .completed(100)]
    }
    expectEqual(harness.run("people"), .success)
    expectEqual(harness.stdout, "ID  NAME\n 1  Rosa Delgado\n 2  Tomás Ibarra\n")
  }

  @Test func peopleShowsTheViewModelsLoadingTextOnATerminal() {
    let harness = Harness(terminal: true)
    harness.timeline.peopleResponse = { [.next(100, [Sample.rosa]), .completed(100)] }
    expectEqual(harness.run("people --no-color"), .success)
    #expect(harness.stderr.hasPrefix("\r⠋ \(PeopleViewModel.loadingText)"))
  }

  @Test func aFailedPeopleLoadSaysSo() {
    let harness = Harness()
    harness.timeline.peopleResponse = {
      [.error(5, ServiceError.unreachable("connection refused"))]
    }
    expectEqual(harness.run("people"), .failure)
    expectEqual(
      harness.stderr,
      "error: Could not load people: the server could not be reached: connection refused\n")
  }
}

/// `timeline --older N` and `--all`: the newest page, then pages before the oldest post.
@Suite @MainActor struct TimelineOlderCommandTests {
  /// Posts 1–45 (authors alternate), 20 to a page; each page takes 100 ms.
  static func answer(_ harness: Harness) {
    let all = (1...45).reversed().map {
      Sample.post($0, by: $0 % 2 == 0 ? Sample.rosa : Sample.tomas, "Post \($0).")
    }
    harness.timeline.timelineResponse = { cursor in
      let page = all.filter { $0.id > (cursor.newestId ?? 0) }.prefix(20)
      return [.next(100, Array(page)), .completed(100)]
    }
    harness.timeline.olderResponse = { cursor in
      let page = all.filter { $0.id < (cursor.oldestId ?? Int.max) }.prefix(20)
      return [.next(100, Array(page)), .completed(100)]
    }
  }

  /// The post ids printed, in order.
  static func ids(_ stdout: String) -> [Int] {
    stdout.split(separator: "\n").compactMap { line in
      line.split(separator: " ").last.flatMap { Int($0.dropLast()) }
    }
  }

  @Test func olderFetchesThatManyPagesBeforeTheNewestOneAfterTheOther() {
    let harness = Harness()
    Self.answer(harness)
    expectEqual(harness.run("timeline --older 1"), .success)
    expectEqual(Self.ids(harness.stdout), Array(6...45))
    #expect(harness.stdout.hasPrefix("2024-03-01 08:06  Rosa Delgado  Post 6.\n"))
    expectEqual(harness.timeline.olderCursors, [TimelineCursor(newestId: 45, oldestId: 26)])
    expectEqual(harness.clock.clock, 200)
  }

  @Test func allFetchesUntilNothingIsOlder() {
    let harness = Harness()
    Self.answer(harness)
    expectEqual(harness.run("timeline --all"), .success)
    expectEqual(Self.ids(harness.stdout), Array(1...45))
    // The third page has 5 posts: fewer than a page, so nothing is asked after it.
    expectEqual(harness.timeline.olderCursors.map(\.oldestId), [26, 6])
    expectEqual(harness.clock.clock, 300)
  }

  @Test func olderZeroIsTheNewestPageAndBadValuesAreRefused() {
    let harness = Harness()
    Self.answer(harness)
    expectEqual(harness.run("timeline --older 0"), .success)
    expectEqual(Self.ids(harness.stdout), Array(26...45))
    #expect(harness.timeline.olderCursors.isEmpty)
    for bad in ["-1", "10001", "two", ""] {
      let refused = Harness()
      expectEqual(refused.run(["timeline", "--older", bad]), .usage)
      #expect(
        refused.stderr.contains(
          "option '--older' must be a whole number from 0 to 10000, got '\(bad)'"))
    }
    for (arguments, message) in [
      (["timeline", "--older", "2", "--all"], "give either --older or --all, not both"),
      (["timeline", "--all", "--follow"], "--older and --all print a fixed list"),
    ] {
      let refused = Harness()
      expectEqual(refused.run(arguments), .usage)
      #expect(refused.stderr.contains(message))
    }
  }
}
