/// A whole page: its title, its language, the app's own stylesheets and scripts, and its
/// body.
///
/// Scripts and stylesheets are files of the app (``WebPath``s, loaded from the page's own
/// origin); the document has no inline script or style, so ``WebSecurity/contentSecurityPolicy``
/// can forbid both.
public struct HTMLDocument: Hashable, Sendable {
  /// The window's or tab's title.
  public var title: String
  /// The language of the page's text, such as `en`.
  public var language: String
  /// The stylesheets, in order.
  public var stylesheets: [WebPath]
  /// The scripts, in order; each runs once the page is read (`defer`).
  public var scripts: [WebPath]
  /// The page's content.
  public var body: HTML

  /// Creates a page.
  public init(
    title: String, language: String = "en", stylesheets: [WebPath] = [], scripts: [WebPath] = [],
    body: HTML
  ) {
    self.title = title
    self.language = language
    self.stylesheets = stylesheets
    self.scripts = scripts
    self.body = body
  }

  /// The page's text, from `<!doctype html>` on. The viewport follows the device's width, so
  /// the page works at a phone's width.
  public var markup: String {
    var head = #"<meta charset="utf-8">"#
    head += #"<meta name="viewport" content="width=device-width, initial-scale=1">"#
    head += HTML(.title) { title }.markup
    for stylesheet in stylesheets {
      head += #"<link rel="stylesheet" href=""# + HTML.escaped(stylesheet.text) + #"">"#
    }
    for script in scripts {
      head += #"<script src=""# + HTML.escaped(script.text) + #"" defer></script>"#
    }
    return "<!doctype html>\n<html lang=\"\(HTML.escaped(language))\"><head>\(head)</head>"
      + "<body>\(body.markup)</body></html>\n"
  }
}

/// What every answer of a web front says to the browser about what the page may do.
public enum WebSecurity {
  /// The page may load scripts, styles, images and connections from its own origin only,
  /// runs no inline script or style and no `eval`, sends forms only to itself, and cannot be
  /// framed by another site.
  public static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

  /// The header fields of every answer: the policy above, no guessing of media types, no
  /// address sent to other sites, no framing (for browsers that ignore `frame-ancestors`),
  /// and no window shared with pages of other sites.
  public static let headers: [(name: String, value: String)] = [
    ("Content-Security-Policy", contentSecurityPolicy),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
  ]
}

/// The cookie that keeps a browser's session: unreadable by the page's scripts
/// (`HttpOnly`), never sent with a request another site starts (`SameSite=Strict`), sent
/// only over https when the front is served over https (`Secure`).
public struct SessionCookie: Hashable, Sendable {
  /// The cookie's name.
  public var name: String
  /// The session's token.
  public var value: String
  /// How many seconds the browser keeps it; `nil` until the browser closes.
  public var maxAge: Int?
  /// Whether the browser sends it only over https.
  public var isSecure: Bool

  /// A cookie named `name` holding `value`; `nil` when either has a character a cookie
  /// cannot hold as it is (white space, control characters, `"`, `,`, `;`, `\`, or `=` in
  /// the name), which a session token never has.
  public init?(name: String, value: String, maxAge: Int? = nil, isSecure: Bool) {
    guard !name.isEmpty, Self.isCookieText(name), !name.contains("="), Self.isCookieText(value)
    else { return nil }
    self.name = name
    self.value = value
    self.maxAge = maxAge
    self.isSecure = isSecure
  }

  /// The value of the `Set-Cookie` header field that gives the browser the cookie.
  public var setCookie: String {
    var text = "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict"
    if let maxAge { text += "; Max-Age=\(maxAge)" }
    if isSecure { text += "; Secure" }
    return text
  }

  /// The value of the `Set-Cookie` header field that makes the browser forget the cookie
  /// named `name`.
  public static func removal(name: String, isSecure: Bool) -> String {
    "\(name)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (isSecure ? "; Secure" : "")
  }

  /// The value of the cookie named `name` in a request's `Cookie` header field, or `nil`.
  public static func value(named name: String, in header: String) -> String? {
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      if parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
    }
    return nil
  }

  private static func isCookieText(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar.value > 0x20 && scalar.value < 0x7F && !"\",;\\".unicodeScalars.contains(scalar)
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}
