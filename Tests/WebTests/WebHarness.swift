import AppComposition
import Foundation
import HTTPServer
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing

@testable import FriendsWeb

/// The web front in process, with scripted services and a virtual clock where one tick is a
/// millisecond. Requests go in as the browser sends them; each tab's live connection is a
/// recorder of the frames sent, so tests read the page a browser would show.
@MainActor
final class WebHarness {
  let clock = TestScheduler.milliseconds()
  let auth: FakeAuthenticationService
  lazy var friends = FakeFriendsService(scheduler: clock)
  lazy var search = FakeSearchService(scheduler: clock)
  lazy var timeline = FakeTimelineService(scheduler: clock)
  lazy var cache = InMemoryPostCache()
  /// Fakes of collections of records a test adds for a feature of its own.
  var extraFakes: [AnyObject] = []
  /// The fakes of the collections of records, one line each.
  var collections: FakeRecordsProvider {
    FakeRecordsProvider(
      extraFakes + [
        friends
      ], scheduler: clock)
  }
  /// The fakes of the features' own services, one line each.
  var featureFakes: FeatureServices {
    FeatureServices(
      search: search,
      timeline: timeline,
      postCache: cache,
    )
  }
  private(set) var app: WebApplication!
  private var tabCount = 0

  /// The key the front is started with.
  static let key = String(repeating: "5a", count: 32)
  /// The cookie a browser that opened the address with the key sends.
  static let cookie = "app-test=\(key)"
  nonisolated static let ada = Account(email: "ada@example.com", displayName: "Ada")

  init() {
    auth = FakeAuthenticationService(scheduler: clock)
  }

  /// Runs `body` with a new harness, every Driver and Signal delivering on its clock.
  static func run(_ body: (WebHarness) throws -> Void) rethrows {
    let harness = WebHarness()
    try SharingScheduler.mock(scheduler: harness.clock) {
      defer { harness.app?.close() }
      try body(harness)
    }
  }

  /// Starts the front with `features` and `links`.
  func start(features: [WebFeature] = WebFeature.all, links: [OutwardLink] = OutwardLink.web) {
    let services = AppServices(
      auth: auth, collections: collections, features: featureFakes, scheduler: clock,
      origin: "test")
    app = WebApplication(
      services: services, scheduler: clock, key: Self.key, cookieName: "app-test",
      features: features, links: links,
      makeTabID: { [unowned self] in
        tabCount += 1
        return "tab\(tabCount)"
      })
  }

  /// Runs what is due now.
  func settle() {
    clock.advanceTo(clock.clock)
  }

  /// Moves the clock on by `milliseconds`, running what falls due.
  func advance(by milliseconds: Int) {
    clock.advanceTo(clock.clock + milliseconds)
  }

  /// The answer to a request for `target`, with the key's cookie unless `cookie` says
  /// otherwise.
  func request(
    _ method: HTTPMethod = .get, _ target: String, cookie: String? = WebHarness.cookie,
    body: String = ""
  ) -> HTTPReply {
    var headers: [HTTPHeader] = []
    if let cookie { headers.append(HTTPHeader(name: "Cookie", value: cookie)) }
    let request = try! HTTPRequest(
      method: method, target: target, headers: HTTPHeaders(headers), body: Data(body.utf8))
    let reply = app.respond(to: request)
    settle()
    return reply
  }

  /// The response of a request that is answered with one.
  func response(
    _ method: HTTPMethod = .get, _ target: String, cookie: String? = WebHarness.cookie,
    body: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) -> HTTPResponse? {
    guard case .response(let response) = request(method, target, cookie: cookie, body: body)
    else {
      Issue.record("not a plain response", sourceLocation: sourceLocation)
      return nil
    }
    return response
  }

  /// Opens the page at `path` in a new tab, and connects the tab as its script would.
  func open(_ path: String) -> BrowserTab {
    let page = response(.get, path).map { String(decoding: $0.body, as: UTF8.self) } ?? ""
    let tab = BrowserTab(harness: self, id: "tab\(tabCount)", firstPage: page)
    app.tabs[tab.id]?.attach(tab.connection)
    settle()
    return tab
  }
}

/// A browser tab as the front sees it: its page's inputs, and the frames it received.
@MainActor
final class BrowserTab {
  let harness: WebHarness
  let id: String
  /// The page as first served, before any frame.
  let firstPage: String
  let connection = RecordingConnection()
  /// How many inputs the page sent.
  private(set) var sent = 0

  init(harness: WebHarness, id: String, firstPage: String) {
    self.harness = harness
    self.id = id
    self.firstPage = firstPage
  }

  /// The last frame received.
  var frame: WebFrame? { connection.frames.last }
  /// The markup the page shows now.
  var html: String { frame?.html ?? "" }
  /// The address bar.
  var path: String { frame?.path ?? "" }

  /// Sends an input as the script does, and runs what is due.
  @discardableResult
  func send(_ name: String, _ value: String = "") -> HTTPReply {
    sent += 1
    let body = String(
      decoding: try! JSONEncoder().encode(WebInput(name, value, sequence: sent)), as: UTF8.self)
    return harness.request(.post, "/tabs/\(id)/input", body: body)
  }

  /// Types `text` into the field `name`, one character at a time, as the page sends it.
  func type(_ text: String, into name: String) {
    var typed = ""
    for character in text {
      typed.append(character)
      send(name, typed)
    }
  }
}

/// A live connection that keeps the frames sent on it.
@MainActor
final class RecordingConnection: WebConnection {
  private(set) var frames: [WebFrame] = []
  private(set) var hasEnded = false

  func send(_ event: ServerSentEvent) -> Bool {
    guard !hasEnded else { return false }
    #expect(event.name == "frame")
    frames.append(try! JSONDecoder().decode(WebFrame.self, from: Data(event.data.utf8)))
    return true
  }

  func end() {
    hasEnded = true
  }
}
