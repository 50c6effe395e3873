import Foundation
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// Reading one post whole: opened from the timeline, and the author's posts opened from it.
@Suite @MainActor struct PostViewModelTests {
  static let hanna = Person(id: 7, name: "Hanna Virtanen")
  static let post = Post(
    id: 12, author: hanna, text: "A long post,\nwith a second line.",
    date: Date(timeIntervalSince1970: 1_772_355_600))

  @Test func aPostOpenedFromTheTimelineRoutesToItsScene() {
    let clock = TestScheduler.milliseconds()
    let routes = clock.createObserver(Route.self)
    let service = FakeTimelineService(scheduler: clock)
    service.timelineResponse = { _ in [.next(100, [Self.post]), .completed(100)] }
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = TimelineViewModel(
        account: .just(.authorized(Account(email: "ada@example.com", displayName: "Ada"))),
        service: service, cache: InMemoryPostCache(), scheduler: clock
      ).transform(
        .init(
          peopleTaps: clock.createHotObservable([.next(500, ())]).asObservable(),
          openedPosts: clock.createHotObservable([.next(300, Self.post)]).asObservable()))
      clock.scheduleAt(0) { output.route.emit(to: routes).disposed(by: bag) }
      clock.start()
    }
    expectEqual(routes.events, [.next(300, .show(.post(Self.post))), .next(500, .show(.people))])
  }

  @Test func thePostShowsWholeAndItsAuthorOpensTheirPosts() {
    let clock = TestScheduler.milliseconds()
    let authors = clock.createObserver(String.self)
    let dates = clock.createObserver(Date.self)
    let texts = clock.createObserver(String.self)
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = PostViewModel(post: Self.post).transform(
        .init(authorTaps: clock.createHotObservable([.next(400, ())]).asObservable()))
      clock.scheduleAt(100) {
        output.author.drive(authors).disposed(by: bag)
        output.date.drive(dates).disposed(by: bag)
        output.text.drive(texts).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(authors.events, [.next(100, "Hanna Virtanen"), .completed(100)])
    expectEqual(dates.events, [.next(100, Self.post.date), .completed(100)])
    expectEqual(texts.events, [.next(100, "A long post,\nwith a second line."), .completed(100)])
    expectEqual(routes.events, [.next(400, .showPersonTimeline(Self.hanna))])
  }
}
