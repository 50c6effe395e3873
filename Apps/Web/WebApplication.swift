import AppComposition
import Cryptography
import Dispatch
import Foundation
import HTTPServer
import Navigator
import ReactiveCore
import WebUI

/// The web front: it answers the browser's requests with the app's pages, one ``WebTab`` per
/// browser tab, each tab's changes going out on its own live connection (Server-Sent Events)
/// and its inputs coming in as JSON requests.
///
/// Only a browser that opened the address with the front's key (printed when it starts) gets
/// in: the key becomes a cookie that the page's scripts cannot read and that no other site's
/// request carries. The HTTP server checks the rest: the `Host` (no other name may lead here),
/// the `Origin` of every input and live connection, and that inputs are JSON.
@MainActor
final class WebApplication {
  /// How many tabs may be open at once; the oldest without a live connection goes first.
  static let maximumTabs = 200
  /// How long a tab is kept after its live connection ended (a reload or a network blip
  /// reconnects well within it).
  static let detachedLifetime: RxTimeInterval = .seconds(60)

  /// The services every tab's view models are built on.
  let services: AppServices
  /// The scheduler of the view models.
  let scheduler: SchedulerType
  /// The key a browser must bring, in the address or the cookie.
  let key: String
  /// The name of the cookie that holds the key.
  let cookieName: String
  /// Whether the browser reaches the front over https, so the cookie is sent only so.
  let isSecure: Bool
  private let features: [WebFeature]
  private let links: [OutwardLink]
  private let makeTabID: () -> String
  /// The open tabs, by identifier, in the order they were opened.
  private(set) var tabs: [String: WebTab] = [:]
  private var tabOrder: [String] = []

  /// Creates the front.
  ///
  /// - Parameters:
  ///   - services: What the view models are built on, shared by every tab.
  ///   - scheduler: The scheduler of the view models.
  ///   - key: The key a browser must bring (`?key=` once, then the cookie).
  ///   - cookieName: The cookie's name: one per front, so two fronts on one machine (on two
  ///     ports of one host, which share cookies) do not overwrite each other's.
  ///   - isSecure: Whether the browser reaches the front over https.
  ///   - features: The features with pages: `WebFeature.all` unless a test chooses.
  ///   - links: Where the features' outward routes lead: `OutwardLink.web` unless a test
  ///     chooses.
  ///   - makeTabID: Makes a new tab's identifier: random unless a test chooses.
  init(
    services: AppServices, scheduler: SchedulerType, key: String, cookieName: String,
    isSecure: Bool = false, features: [WebFeature] = WebFeature.all,
    links: [OutwardLink] = OutwardLink.web,
    makeTabID: @escaping () -> String = { WebApplication.randomToken() }
  ) {
    self.services = services
    self.scheduler = scheduler
    self.key = key
    self.cookieName = cookieName
    self.isSecure = isSecure
    self.features = features
    self.links = links
    self.makeTabID = makeTabID
  }

  /// A new random token of 32 bytes as hexadecimal digits, from the system's secure
  /// generator.
  nonisolated static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator))
    }
    .joined()
  }

  /// Closes every tab.
  func close() {
    for tab in tabs.values { tab.close() }
    tabs.removeAll()
    tabOrder.removeAll()
  }

  // MARK: - Requests

  /// Answers one request: a page (a new tab), the script or the stylesheet, a tab's live
  /// connection, or one of its inputs.
  func respond(to request: HTTPRequest) -> HTTPReply {
    guard let path = WebPath(parsing: request.target) else {
      return .response(
        Self.page(status: 400, title: "Bad address", text: "This address is malformed."))
    }
    if request.method == .get, let asset = WebAssets.file(at: path.segments) {
      return .response(asset)
    }
    if let given = path.queryValue("key"), request.method == .get {
      guard isKey(given) else { return .response(Self.refusal) }
      // The key leaves the address at once: the cookie holds it from now on.
      var rest = path
      rest.query.removeAll { $0.name == "key" }
      var headers = [
        HTTPHeader(name: "Location", value: rest.text),
        HTTPHeader(name: "Cache-Control", value: "no-store"),
      ]
      if let cookie = SessionCookie(name: cookieName, value: key, isSecure: isSecure) {
        headers.append(HTTPHeader(name: "Set-Cookie", value: cookie.setCookie))
      }
      return .response(HTTPResponse(status: 303, headers: HTTPHeaders(headers)))
    }
    guard hasKey(request) else { return .response(Self.refusal) }
    if path.segments.first == "tabs", path.segments.count == 3 {
      let id = path.segments[1]
      switch (request.method, path.segments[2]) {
      case ("GET", "events"): return liveConnection(tab: id)
      case ("POST", "input"): return input(tab: id, body: request.body)
      default: return .error(status: 405, message: "not a method this address takes")
      }
    }
    guard request.method == .get else {
      return .error(status: 405, message: "pages are read with GET")
    }
    return openTab(at: path)
  }

  /// Whether the request carries the key in its cookie.
  private func hasKey(_ request: HTTPRequest) -> Bool {
    request.headers.values(for: "Cookie").contains { header in
      SessionCookie.value(named: cookieName, in: header).map(isKey) ?? false
    }
  }

  private func isKey(_ text: String) -> Bool {
    ConstantTime.equals(Array(text.utf8), Array(key.utf8))
  }

  /// A new tab showing `path`, and the page that holds it.
  private func openTab(at path: WebPath) -> HTTPReply {
    guard makeRoomForATab() else {
      return .response(
        Self.page(
          status: 503, title: "Too many tabs",
          text: "Too many tabs are open on this app. Close one, then reload this page."))
    }
    let tab = WebTab(
      id: makeTabID(), path: path, services: services, scheduler: scheduler, features: features,
      links: links)
    tabs[tab.id] = tab
    tabOrder.append(tab.id)
    removeIfStillDetached(tab, after: Self.detachedLifetime)
    let document = HTMLDocument(
      title: tab.frame.title, stylesheets: [WebAssets.stylesheetPath],
      scripts: [WebAssets.scriptPath],
      body: HTML(.div, .id("app"), .data("tab", tab.id)) { tab.body })
    return .response(Self.html(document, status: 200))
  }

  /// Closes the oldest tab without a live connection when the tabs are at their limit;
  /// `false` when every tab is live.
  private func makeRoomForATab() -> Bool {
    guard tabs.count >= Self.maximumTabs else { return true }
    guard let oldest = tabOrder.first(where: { tabs[$0]?.connection == nil }) else { return false }
    remove(oldest)
    return true
  }

  private func remove(_ id: String) {
    tabs.removeValue(forKey: id)?.close()
    tabOrder.removeAll { $0 == id }
  }

  /// Removes `tab` after `delay` unless a live connection holds it then.
  private func removeIfStillDetached(_ tab: WebTab, after delay: RxTimeInterval) {
    _ = scheduler.scheduleRelative(after: delay) { [weak self, weak tab] in
      MainActor.assumeIsolated {
        guard let self, let tab, tab.connection == nil, self.tabs[tab.id] === tab else { return }
        self.remove(tab.id)
      }
      return Disposables.create()
    }
  }

  /// The live connection of the tab `id`: its frames as Server-Sent Events.
  private func liveConnection(tab id: String) -> HTTPReply {
    guard let tab = tabs[id] else {
      return .error(status: 404, message: "this tab has closed; reload the page")
    }
    let connection = EventStreamConnection()
    let stream = HTTPEventStream(onEnd: { [weak self, weak connection] in
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard let self, let connection else { return }
          self.connectionEnded(connection, tab: id)
        }
      }
    })
    connection.stream = stream
    tab.attach(connection)
    return .eventStream(stream)
  }

  /// Forgets `connection`, and the tab after a while unless the page connects again.
  func connectionEnded(_ connection: WebConnection, tab id: String) {
    guard let tab = tabs[id] else { return }
    tab.detach(connection)
    removeIfStillDetached(tab, after: Self.detachedLifetime)
  }

  /// Applies one input of the page of tab `id`.
  private func input(tab id: String, body: Data) -> HTTPReply {
    guard let tab = tabs[id] else {
      return .error(status: 404, message: "this tab has closed; reload the page")
    }
    guard let input = try? JSONDecoder().decode(WebInput.self, from: body) else {
      return .error(status: 400, message: #"an input is {"name": text, "value": text}"#)
    }
    tab.handle(input)
    return .response(.noContent)
  }

  // MARK: - Pages of the front itself

  /// The answer to a browser without the key.
  static let refusal = page(
    status: 403, title: "Open the address with the key",
    text:
      "This page needs the address \(AppIdentity.webCommand) printed when it started, "
      + "with its key. Open that address once; this browser then keeps the key.")

  /// A page of its own with `title` and `text`.
  static func page(status: Int, title: String, text: String) -> HTTPResponse {
    let document = HTMLDocument(
      title: title, stylesheets: [WebAssets.stylesheetPath],
      body: HTML(.main, .id("page")) {
        HTML(.h1) { title }
        HTML(.p) { text }
      })
    return html(document, status: status)
  }

  /// `document` as a response with `status`, never kept by the browser, with the headers
  /// every page of the front has (``WebSecurity/headers``).
  static func html(_ document: HTMLDocument, status: Int) -> HTTPResponse {
    var headers = WebSecurity.headers.map { HTTPHeader(name: $0.name, value: $0.value) }
    headers.append(HTTPHeader(name: "Content-Type", value: "text/html; charset=utf-8"))
    headers.append(HTTPHeader(name: "Cache-Control", value: "no-store"))
    return HTTPResponse(
      status: status, headers: HTTPHeaders(headers), body: Data(document.markup.utf8))
  }
}

/// A tab's live connection over one Server-Sent Events stream.
@MainActor
final class EventStreamConnection: WebConnection {
  /// The stream, set once it is made.
  var stream: HTTPEventStream?

  func send(_ event: ServerSentEvent) -> Bool {
    stream?.send(event) ?? false
  }

  func end() {
    stream?.end()
  }
}
