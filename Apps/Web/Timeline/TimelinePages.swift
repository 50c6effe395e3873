import Foundation
import Models
import ReactiveCore
import ViewModels
import WebUI

/// The timeline: the posts from the post cache, refreshed on the view model's timer while
/// not paused, with a banner while no one is logged in or when the latest fetch failed;
/// "Loading…" until the first fetch ends; Read opens a post whole, People the people;
/// "Older posts" fetches the page before the oldest shown.
@MainActor
final class TimelinePage: WebScreen {
  private let paused = BehaviorRelay(value: false)
  private let peopleTaps = PublishRelay<Void>()
  private let openedPosts = PublishRelay<Post>()
  private let olderRequests = PublishRelay<Void>()
  private var posts: [Post] = []
  private var isLoggedIn = true
  private var isFetching = false
  private var isLoading = false
  private var isLoadingOlder = false
  private var reachedOldest = false
  private var failure: String?

  override init(host: WebScreenHost) {
    super.init(host: host)
    let services = host.services
    let output = TimelineViewModel(
      account: services.auth.accountStatus, service: services.timeline,
      cache: services.postCache, scheduler: host.scheduler
    ).transform(
      .init(
        paused: paused.asObservable(), peopleTaps: peopleTaps.asObservable(),
        openedPosts: openedPosts.asObservable(), loadOlder: olderRequests.asObservable()))
    bind(output.posts) { [unowned self] in posts = $0.elements }
    bind(output.loggedIn) { [unowned self] in isLoggedIn = $0 }
    bind(output.isFetching) { [unowned self] in isFetching = $0 }
    bind(output.isLoading) { [unowned self] in isLoading = $0 }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.isLoadingOlder) { [unowned self] in isLoadingOlder = $0 }
    bind(output.reachedOldest) { [unowned self] in reachedOldest = $0 }
    forward(output.route)
  }

  override var isBusy: Bool { isFetching }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "pause": paused.accept(!paused.value)
    case "people": peopleTaps.accept(())
    case "older": olderRequests.accept(())
    case "read": posts.first { String($0.id) == input.value }.map(openedPosts.accept)
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    let interval = Int(TimelineViewModel.defaultInterval.seconds)
    let state =
      paused.value ? "Paused" : "Live: checks for new posts every \(interval) s"
    return HTML {
      HTML(.h1) { "Timeline" }
      HTML(.p, .class("hint")) {
        state + " · " + (posts.count == 1 ? "1 post" : "\(posts.count) posts")
      }
      HTML(.div, .class("actions")) {
        FormMarkup.button(paused.value ? "Resume" : "Pause", tap: "pause")
        FormMarkup.button("People", tap: "people")
      }
      if !isLoggedIn {
        HTML(.p, .class("problem"), .role("alert")) { "Not logged in: new posts are not fetched" }
      }
      FormMarkup.status(
        busy: isLoading ? TimelineViewModel.loadingText : (isFetching ? "Fetching…" : nil),
        failure: failure, note: posts.isEmpty ? "No posts yet." : nil)
      HTML(.ul, .class("records"), .aria("label", "Posts"), .aria("live", "polite")) {
        for post in posts { PostMarkup.row(post) }
      }
      PostMarkup.olderPosts(
        isLoading: isLoadingOlder, reachedOldest: reachedOldest, isEmpty: posts.isEmpty)
    }
  }
}

/// The people who post: "Loading…" only while they are fetched; each opens their posts.
@MainActor
final class PeoplePage: WebScreen {
  private let refresh = PublishRelay<Void>()
  private let select = PublishRelay<Person?>()
  private var people: [Person] = []
  private var isLoadingVisible = false
  private var failure: String?

  override init(host: WebScreenHost) {
    super.init(host: host)
    let output = PeopleViewModel(service: host.services.timeline).transform(
      .init(refresh: refresh.asObservable(), select: select.asObservable()))
    bind(output.people) { [unowned self] found in
      people = found
      failure = nil
    }
    bind(output.isLoadingVisible) { [unowned self] in isLoadingVisible = $0 }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    forward(output.route)
  }

  override var isBusy: Bool { isLoadingVisible }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "refresh": refresh.accept(())
    case "person": select.accept(people.first { String($0.id) == input.value })
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { "People" }
      HTML(.div, .class("actions")) { FormMarkup.button("Refresh", tap: "refresh") }
      FormMarkup.status(
        busy: isLoadingVisible ? TimelineViewModel.loadingText : nil, failure: failure,
        note: people.isEmpty && !isLoadingVisible ? "No one has posted yet." : nil)
      HTML(.ul, .class("records"), .aria("label", "People")) {
        for person in people {
          HTML(.li) {
            FormMarkup.button(person.name, tap: "person", value: String(person.id))
          }
        }
      }
    }
  }
}

/// One person's posts, newest first, accumulating while the page is shown; "None found"
/// until posts arrive; Read opens a post whole; "Older posts" pages back.
@MainActor
final class PersonTimelinePage: WebScreen {
  private let paused = BehaviorRelay(value: false)
  private let openedPosts = PublishRelay<Post>()
  private let olderRequests = PublishRelay<Void>()
  private var posts: [Post] = []
  private var title = PersonTimelineViewModel.noneFound
  private var isFetching = false
  private var isLoadingOlder = false
  private var reachedOldest = false
  private var failure: String?

  init(host: WebScreenHost, person: Person) {
    super.init(host: host)
    let output = PersonTimelineViewModel(
      person: person, account: host.services.auth.accountStatus,
      service: host.services.timeline, scheduler: host.scheduler
    ).transform(
      .init(
        paused: paused.asObservable(), openedPosts: openedPosts.asObservable(),
        loadOlder: olderRequests.asObservable()))
    bind(output.posts) { [unowned self] in posts = $0 }
    bind(output.title) { [unowned self] in title = $0 }
    bind(output.isFetching) { [unowned self] in isFetching = $0 }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.isLoadingOlder) { [unowned self] in isLoadingOlder = $0 }
    bind(output.reachedOldest) { [unowned self] in reachedOldest = $0 }
    forward(output.route)
  }

  override var isBusy: Bool { isFetching }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "pause": paused.accept(!paused.value)
    case "older": olderRequests.accept(())
    case "read": posts.first { String($0.id) == input.value }.map(openedPosts.accept)
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { title }
      HTML(.div, .class("actions")) {
        FormMarkup.button(paused.value ? "Resume" : "Pause", tap: "pause")
      }
      FormMarkup.status(busy: isFetching ? "Fetching…" : nil, failure: failure)
      HTML(.ul, .class("records"), .aria("label", "Posts")) {
        for post in posts { PostMarkup.row(post, showsAuthor: false) }
      }
      PostMarkup.olderPosts(
        isLoading: isLoadingOlder, reachedOldest: reachedOldest, isEmpty: posts.isEmpty)
    }
  }
}

/// One post, whole: the author (a button to their posts), the full date, and all of the
/// text, its lines kept.
@MainActor
final class PostPage: WebScreen {
  private let authorTaps = PublishRelay<Void>()
  private var author = ""
  private var date: Date?
  private var text = ""

  init(host: WebScreenHost, post: Post) {
    super.init(host: host)
    let output = PostViewModel(post: post).transform(.init(authorTaps: authorTaps.asObservable()))
    bind(output.author) { [unowned self] in author = $0 }
    bind(output.date) { [unowned self] in date = $0 }
    bind(output.text) { [unowned self] in text = $0 }
    forward(output.route)
  }

  override func handle(_ input: WebInput) -> Bool {
    guard input.name == "author" else { return false }
    authorTaps.accept(())
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { "Post" }
      HTML(.article) {
        HTML(.p) {
          FormMarkup.button(author, tap: "author")
          if let date {
            HTML(.time, .dateTime(ISO8601DateFormatter().string(from: date))) {
              " " + date.formatted(date: .complete, time: .shortened)
            }
          }
        }
        HTML(.p, .class("text")) { text }
      }
    }
  }
}
