import Foundation
import ReactiveTesting
import Testing
import WebUI

@Suite struct HTMLTests {
  /// Text that tries to end its element or attribute and start its own.
  static let hostile = [
    #"<script>alert(1)</script>"#, #"" onmouseover="alert(1)"#, #"' autofocus onfocus='x"#,
    "&lt; stays text", "Ada & Grace > Alan", "é🦊 漢字", "",
  ]

  @Test(arguments: hostile)
  func textIsEscapedWhereItIsWritten(_ text: String) throws {
    let markup = HTML(.p, .title(text)) { text }.markup
    // The only characters that delimit markup are the element's own: two tags, one quoted
    // attribute.
    expectEqual(markup.filter { $0 == "<" }.count, 2)
    expectEqual(markup.filter { $0 == ">" }.count, 2)
    expectEqual(markup.filter { $0 == "\"" }.count, 2)
    expectEqual(markup.filter { $0 == "'" }.count, 0)
    #expect(markup.hasPrefix(#"<p title=""#) && markup.hasSuffix("</p>"))
    // And the text reads back as given, in the attribute and in the content.
    let title = markup.dropFirst(#"<p title=""#.count).prefix { $0 != "\"" }
    expectEqual(unescaped(String(title)), text)
    let content = markup.drop { $0 != ">" }.dropFirst().dropLast("</p>".count)
    expectEqual(unescaped(String(content)), text)
  }

  private func unescaped(_ markup: String) -> String {
    markup.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test func escapesTheFiveCharactersThatCanEndOrStartMarkup() {
    expectEqual(
      HTML.text(#"<a href="x">'&'</a>"#).markup,
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    expectEqual(HTML.text("plain text").markup, "plain text")
  }

  @Test func buildsElementsFromConditionsAndLoops() {
    let names = ["Ada", "Grace"]
    func list(loading: Bool, error: String?) -> String {
      HTML(.ul, .id("notes"), .aria("busy", loading ? "true" : "false")) {
        for name in names {
          HTML(.li) { name }
        }
        if let error {
          HTML(.li, .role("alert")) { error }
        }
        if loading {
          HTML(.li) { "Loading…" }
        } else {
          HTML.empty
        }
      }.markup
    }
    expectEqual(
      list(loading: false, error: nil),
      #"<ul id="notes" aria-busy="false"><li>Ada</li><li>Grace</li></ul>"#)
    expectEqual(
      list(loading: true, error: "Offline"),
      #"<ul id="notes" aria-busy="true"><li>Ada</li><li>Grace</li>"#
        + #"<li role="alert">Offline</li><li>Loading…</li></ul>"#)
  }

  @Test func voidElementsHaveNoClosingTagAndBooleanAttributesNoValue() {
    expectEqual(
      HTML(.input, .type("text"), .name("email"), .value("a\"b"), .required, .autofocus).markup,
      #"<input type="text" name="email" value="a&quot;b" required autofocus>"#)
    expectEqual(HTML(.br).markup, "<br>")
  }

  @Test func anAttributeGivenTwiceIsWrittenOnceWithItsLastValue() {
    expectEqual(
      HTML(.div, .id("a"), .class("x"), .id("b")).markup, #"<div class="x" id="b"></div>"#)
  }

  @Test func ariaAndDataNamesKeepOnlyLettersDigitsAndHyphens() {
    expectEqual(
      HTML(.span, .aria("Live", "polite"), .data("on click=\"x\" y", "1")).markup,
      #"<span aria-live="polite" data-onclickxy="1"></span>"#)
  }

  @Test func linksLeadOnlyToTheAppsOwnPaths() {
    expectEqual(
      HTML(.a, .href(WebPath("notes", "7"))) { "Ada" }.markup, #"<a href="/notes/7">Ada</a>"#)
    // What would be another site, a script or another path stays one segment of this app.
    for hostile in ["javascript:alert(1)", "//evil.example", "../admin", "a/b?c#d"] {
      let markup = HTML(.a, .href(WebPath(hostile))).markup
      #expect(markup.hasPrefix(#"<a href="/"#), "\(markup)")
      #expect(!markup.contains("/" + hostile), "\(markup)")
    }
  }

  @Test func piecesJoinInOrder() {
    expectEqual((HTML.text("a") + HTML(.br) + HTML.text("<b>")).markup, "a<br>&lt;b&gt;")
    expectEqual(
      HTML {
        "one"
        HTML(.hr)
        "two"
      }.description, "one<hr>two")
  }
}

@Suite struct WebPathTests {
  @Test func encodesEachSegmentAndQueryValue() {
    expectEqual(WebPath("notes", "7").text, "/notes/7")
    expectEqual(WebPath().text, "/")
    expectEqual(WebPath(["a b", "c/d", "é", "100%"]).text, "/a%20b/c%2Fd/%C3%A9/100%25")
    expectEqual(
      WebPath(["find"], query: [("q", "ada & grace"), ("page", "2")]).text,
      "/find?q=ada%20%26%20grace&page=2")
  }

  @Test func readsWhatItWritesAndWhatABrowserSends() throws {
    let paths = [
      WebPath("notes", "7"), WebPath(["a b", "c/d", "é", "100%", "+"]),
      WebPath(["find"], query: [("q", "ada & grace"), ("empty", "")]),
    ]
    for path in paths {
      expectEqual(WebPath(parsing: path.text), path)
    }
    let typed = try #require(WebPath(parsing: "//notes//7/?q=a+b&flag"))
    expectEqual(typed.segments, ["notes", "7"])
    expectEqual(typed.queryValue("q"), "a b")
    expectEqual(typed.queryValue("flag"), "")
    expectEqual(WebPath(parsing: "/a+b")?.segments, ["a+b"])
  }

  @Test(arguments: ["", "notes", "http://evil.example/", "/a%2", "/a%zz", "/%FF"])
  func refusesWhatIsNotAPathOfThisApp(_ text: String) {
    #expect(WebPath(parsing: text) == nil)
  }
}

@Suite struct HTMLDocumentTests {
  @Test func hasNoInlineScriptOrStyleAndFollowsTheDevicesWidth() {
    let page = HTMLDocument(
      title: "Notes <3", stylesheets: [WebPath("app.css")], scripts: [WebPath("app.js")],
      body: HTML(.main) { "Hello" })
    expectEqual(
      page.markup,
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + #"<meta name="viewport" content="width=device-width, initial-scale=1">"#
        + "<title>Notes &lt;3</title>"
        + #"<link rel="stylesheet" href="/app.css"><script src="/app.js" defer></script>"#
        + "</head><body><main>Hello</main></body></html>\n")
  }

  @Test func thePolicyAllowsOnlyTheAppsOwnFilesAndNothingInline() {
    let policy = WebSecurity.contentSecurityPolicy
    #expect(policy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self'"))
    for allowance in ["unsafe-inline", "unsafe-eval", "*", "data:", "http"] {
      #expect(!policy.contains(allowance), "\(allowance)")
    }
    #expect(policy.contains("frame-ancestors 'none'"))
    expectEqual(WebSecurity.headers.first?.value, policy)
  }
}

@Suite struct SessionCookieTests {
  @Test func isHttpOnlyStrictAndSecureOverHTTPS() throws {
    let plain = try #require(SessionCookie(name: "session", value: "abc-123_X", isSecure: false))
    expectEqual(plain.setCookie, "session=abc-123_X; Path=/; HttpOnly; SameSite=Strict")
    let secure = try #require(
      SessionCookie(name: "session", value: "t0k3n", maxAge: 3600, isSecure: true))
    expectEqual(
      secure.setCookie, "session=t0k3n; Path=/; HttpOnly; SameSite=Strict; Max-Age=3600; Secure")
    expectEqual(
      SessionCookie.removal(name: "session", isSecure: false),
      "session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0")
  }

  @Test(arguments: [
    ("session", "a;b"), ("session", "a b"), ("session", "a\r\nSet-Cookie: x=y"), ("se=ss", "a"),
    ("", "a"), ("session", "\"a\""), ("session", "é"),
  ])
  func refusesTextACookieCannotHoldAsItIs(_ name: String, _ value: String) {
    #expect(SessionCookie(name: name, value: value, isSecure: false) == nil)
  }

  @Test func readsItsValueFromARequestsCookieHeader() {
    let header = "theme=dark; session = abc ;other=x=y"
    expectEqual(SessionCookie.value(named: "session", in: header), "abc")
    expectEqual(SessionCookie.value(named: "other", in: header), "x=y")
    expectEqual(SessionCookie.value(named: "missing", in: header), nil)
  }
}
