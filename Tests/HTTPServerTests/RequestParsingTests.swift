import Foundation
import ReactiveTesting
import Testing

@testable import HTTPServer

@Suite struct RequestParsingTests {
  private func head(_ text: String) throws(HTTPRequestError) -> RequestHead {
    let bytes = Array(text.utf8)
    guard let end = RequestHead.end(in: bytes) else {
      throw HTTPRequestError(status: 0, message: "no end of head in the test input")
    }
    return try RequestHead(parsing: bytes[..<end.head])
  }

  private func status(of text: String) -> Int? {
    do {
      _ = try head(text)
      return nil
    } catch {
      return error.status
    }
  }

  @Test func aValidHeadGivesMethodTargetHeadersAndLength() throws {
    let parsed = try head(
      "POST /friends?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12\r\n"
        + "X-Note:   padded value  \r\n\r\n")
    expectEqual(parsed.method, .post)
    expectEqual(parsed.target, "/friends?x=1")
    expectEqual(parsed.contentLength, 12)
    expectEqual(parsed.headers["x-note"], "padded value")
    expectEqual(parsed.headers["HOST"], "127.0.0.1")
    #expect(!parsed.expectsContinue)
  }

  @Test func bareLineFeedsAndLeadingBlankLinesAreAccepted() throws {
    let parsed = try head("\r\nGET / HTTP/1.0\nExpect: 100-continue\n\n")
    expectEqual(parsed.method, .get)
    expectEqual(parsed.target, "/")
    expectEqual(parsed.contentLength, 0)
    #expect(parsed.expectsContinue)
  }

  @Test func theEndOfTheHeadIsFoundWithTheBodyStart() {
    let bytes = Array("GET / HTTP/1.1\r\nA: b\r\n\r\nBODY".utf8)
    let end = RequestHead.end(in: bytes)
    #expect(end?.body == bytes.count - 4)
    #expect(RequestHead.end(in: Array("GET / HTTP/1.1\r\nA: b\r\n".utf8)) == nil)
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n",
    "GET /\r\n\r\n",
    "GET  / HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1 extra\r\n\r\n",
    "G(T / HTTP/1.1\r\n\r\n",
    "GET / HTTPS/1.1\r\n\r\n",
    "GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
    "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
    "GET / HTTP/1.1\r\n: empty name\r\n\r\n",
    "GET / HTTP/1.1\r\nContent-Length: ten\r\n\r\n",
    "GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
    "GET / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
    "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    "GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n",
    "\r\n\r\n",
  ])
  func malformedHeadsAreRejectedWith400(text: String) {
    expectEqual(status(of: text), 400)
  }

  @Test func repeatedEqualLengthsAreOneLength() throws {
    let parsed = try head("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n")
    expectEqual(parsed.contentLength, 3)
  }

  @Test func otherHTTPVersionsGet505() {
    expectEqual(status(of: "GET / HTTP/2.0\r\n\r\n"), 505)
    expectEqual(status(of: "GET / HTTP/0.9\r\n\r\n"), 505)
  }

  @Test func chunkedBodiesGet501() {
    expectEqual(status(of: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501)
  }

  @Test func targetsAreSplitAndPercentDecoded() throws {
    let request = try HTTPRequest(
      method: .get, target: "/people/a%2Fb/posts?q=ada+lovelace&empty&x=%C3%A9%26#frag")
    expectEqual(request.path, "/people/a/b/posts")
    expectEqual(request.pathSegments, ["people", "a/b", "posts"])
    expectEqual(
      request.queryItems,
      [
        HTTPQueryItem(name: "q", value: "ada lovelace"),
        HTTPQueryItem(name: "empty", value: ""),
        HTTPQueryItem(name: "x", value: "é&"),
      ])
    expectEqual(request.queryValue("x"), "é&")
    #expect(request.queryValue("missing") == nil)
  }

  @Test(arguments: ["nopath", "*", "http://example.com/", "/bad%zz", "/cut%4", "/%FF", "/a\u{7F}"])
  func badTargetsAreRejectedWith400(target: String) {
    #expect(throws: HTTPRequestError.self) {
      _ = try HTTPRequest(method: .get, target: target)
    }
    do {
      _ = try HTTPRequest(method: .get, target: target)
    } catch {
      expectEqual(error.status, 400)
    }
  }

  @Test func responsesAreSerializedWithLengthAndClose() {
    var response = HTTPResponse.text("hi", status: 201)
    response.headers.set("X-Evil", "a\r\nSet-Cookie: b")
    response.headers.set("Content-Length", "999")
    let text = String(decoding: response.serialized(), as: UTF8.self)
    #expect(
      text
        == "HTTP/1.1 201 Created\r\nContent-Type: text/plain; charset=utf-8\r\n"
        + "X-Evil: a Set-Cookie: b\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
  }

  @Test func noContentHasNeitherBodyNorLength() {
    var response = HTTPResponse.noContent
    response.body = Data("dropped".utf8)
    let text = String(decoding: response.serialized(), as: UTF8.self)
    expectEqual(text, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
  }
}
