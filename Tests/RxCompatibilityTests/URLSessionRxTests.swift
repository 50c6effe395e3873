import Foundation
import HTTPServer
import RxBlocking
import RxCocoa
import RxSwift
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A loopback server for RxCocoa's `URLSession` extensions.
private func withServer<Result>(_ body: (URL) throws -> Result) throws -> Result {
  var router = HTTPRouter()
  router.get("/json") { _ in .response(.json(Data(#"{"name":"Ada","friends":[1,2]}"#.utf8))) }
  router.get("/text") { _ in .response(.text("not json")) }
  router.get("/missing") { _ in .response(.error(status: 404, message: "no such thing")) }
  router.post("/echo") { request in
    .response(HTTPResponse(status: 201, body: request.body))
  }
  router.get("/hang") { _ in .neverAnswer }
  var configuration = HTTPServerConfiguration()
  configuration.hostPolicy = .any
  configuration.bodyTypePolicy = .any
  let server = try HTTPServer(configuration: configuration, router: router)
  defer { server.stop() }
  return try body(server.url)
}

/// The lines a scoped request log received.
private final class Lines: Sendable {
  private let lines = Mutex<[String]>([])
  func write(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

private let session = URLSession(configuration: .ephemeral)

/// Requests through `URLSession.rx` against a server on 127.0.0.1; every wait has a time limit.
@Suite(.timeLimit(.minutes(1))) struct URLSessionRxTests {
  @Test func responseGivesTheStatusAndBodyOfAnyStatus() throws {
    try withServer { url in
      let missing = try session.rx.response(
        request: URLRequest(url: url.appending(path: "missing"))
      )
      .toBlocking(timeout: 20).toArray()
      #expect(missing.count == 1)
      #expect(missing.first?.response.statusCode == 404)
      let body = String(decoding: missing.first?.data ?? Data(), as: UTF8.self)
      #expect(body.contains("no such thing"))

      var post = URLRequest(url: url.appending(path: "echo"))
      post.httpMethod = "POST"
      post.httpBody = Data("hello".utf8)
      let echoed = try session.rx.response(request: post).toBlocking(timeout: 20).single()
      #expect(echoed.response.statusCode == 201)
      #expect(echoed.data == Data("hello".utf8))
    }
  }

  @Test func dataFailsOutsideTwoHundredsWithTheResponseAndBody() throws {
    try withServer { url in
      let text = try session.rx.data(request: URLRequest(url: url.appending(path: "text")))
        .toBlocking(timeout: 20).single()
      #expect(text == Data("not json".utf8))

      let result = session.rx.data(request: URLRequest(url: url.appending(path: "missing")))
        .toBlocking(timeout: 20).materialize()
      guard case .failed(let elements, let error) = result,
        case .httpRequestFailed(let response, let body) = error as? RxCocoaURLError
      else {
        Issue.record("expected httpRequestFailed, got \(result)")
        return
      }
      #expect(elements.isEmpty)
      #expect(response.statusCode == 404)
      let message = String(decoding: body ?? Data(), as: UTF8.self)
      #expect(message.contains("no such thing"))
      #expect(String(reflecting: error) == "HTTP request failed with `404`.")
    }
  }

  @Test func jsonReadsTheBodyOrFailsWithADeserializationError() throws {
    try withServer { url in
      let json = try session.rx.json(url: url.appending(path: "json")).toBlocking(timeout: 20)
        .single()
      let object = json as? [String: Any]
      #expect(object?["name"] as? String == "Ada")
      #expect(object?["friends"] as? [Int] == [1, 2])

      let result = session.rx.json(request: URLRequest(url: url.appending(path: "text")))
        .toBlocking(timeout: 20).materialize()
      guard case .failed(_, let error) = result,
        case .deserializationError = error as? RxCocoaURLError
      else {
        Issue.record("expected deserializationError, got \(result)")
        return
      }
      #expect(
        String(reflecting: error).hasPrefix("Error during deserialization of the response: "))
    }
  }

  @Test func aRequestStartsAtEachSubscriptionAndNotBefore() throws {
    try withServer { url in
      let requests = Mutex(0)
      let request = session.rx.data(request: URLRequest(url: url.appending(path: "text")))
        .do(onSubscribe: { requests.withLock { $0 += 1 } })
      #expect(requests.withLock { $0 } == 0)
      _ = try request.toBlocking(timeout: 20).single()
      _ = try request.toBlocking(timeout: 20).single()
      #expect(requests.withLock { $0 } == 2)
    }
  }

  @Test func disposingCancelsTheRequest() throws {
    try withServer { url in
      let lines = Lines()
      let ended = DispatchSemaphore(value: 0)
      let subscription = URLSession.rx.scopedRequestLog(output: {
        lines.write($0)
        if !$0.hasPrefix("curl") { ended.signal() }
      }) {
        session.rx.response(request: URLRequest(url: url.appending(path: "hang")))
          .subscribe(onNext: { _ in Issue.record("a cancelled request answered") })
      }
      subscription.dispose()
      #expect(ended.wait(timeout: .now() + 20) == .success)
      #expect(lines.all.last?.hasPrefix("Canceled (") == true)
    }
  }

  @Test func theRequestLogPrintsACurlCommandAndTheOutcomeWhenAsked() throws {
    try withServer { url in
      let lines = Lines()
      var post = URLRequest(url: url.appending(path: "echo"))
      post.httpMethod = "POST"
      post.httpBody = Data(#"say "hi""#.utf8)
      post.setValue("text/plain", forHTTPHeaderField: "Content-Type")
      try URLSession.rx.scopedRequestLog(output: lines.write) {
        _ = try session.rx.data(request: post).toBlocking(timeout: 20).single()
      }
      try URLSession.rx.scopedRequestLog(output: lines.write, shouldLogRequest: { _ in false }) {
        _ = try session.rx.data(request: post).toBlocking(timeout: 20).single()
      }
      let logged = lines.all
      #expect(logged.count == 2)
      #expect(
        logged.first == """
          curl -X POST -d "say \\"hi\\"" \n    -H "Content-Type: text/plain" \n"\(url.absoluteString)/echo" -i -v
          """)
      #expect(logged.last?.wholeMatch(of: /Success \(\d+ms\): Status 201/) != nil)
    }
  }

  @Test func requestsAreLoggedInDebugBuildsByDefault() {
    #if DEBUG
      #expect(URLSession.rx.shouldLogRequest(URLRequest(url: URL(string: "http://localhost/")!)))
    #else
      #expect(!URLSession.rx.shouldLogRequest(URLRequest(url: URL(string: "http://localhost/")!)))
    #endif
  }
}
