/// A piece of a web page's markup, safe by construction: text is escaped where it is
/// written, elements are only those of ``HTMLTag`` and ``HTMLVoidTag`` (no `script`,
/// `style`, `iframe` or `object`), and attributes are only those of ``HTMLAttribute`` (no
/// event handlers, no inline style, links only to the page's own paths). No value that
/// comes from a user, a file or a server can end an element or an attribute early, or
/// start one.
///
/// ```swift
/// let row = HTML(.li, .id("note-\(note.id)")) {
///   HTML(.a, .href(WebPath("notes", String(note.id)))) { note.title }
///   HTML(.small) { note.text }
/// }
/// row.markup  // <li id="note-7"><a href="/notes/7">Jam &lt;3</a><small>…</small></li>
/// ```
public struct HTML: Hashable, Sendable, CustomStringConvertible {
  /// The markup, ready to be written into a page.
  public private(set) var markup: String

  private init(markup: String) {
    self.markup = markup
  }

  /// Nothing.
  public static let empty = HTML(markup: "")

  /// `text` as it shows on the page: `&`, `<`, `>`, `"` and `'` are escaped, so it can
  /// never be read as markup.
  public static func text(_ text: String) -> HTML {
    HTML(markup: escaped(text))
  }

  /// The pieces `content` gives, one after the other.
  public init(@HTMLBuilder _ content: () -> HTML) {
    self = content()
  }

  /// An element with `attributes` (an attribute given twice is written once, with its last
  /// value) around what `content` gives.
  public init(
    _ tag: HTMLTag, _ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }
  ) {
    self.init(
      markup: "<\(tag.name)\(Self.markup(of: attributes))>\(content().markup)</\(tag.name)>")
  }

  /// An element that has no content, such as `input`, with `attributes`.
  public init(_ tag: HTMLVoidTag, _ attributes: HTMLAttribute...) {
    self.init(markup: "<\(tag.name)\(Self.markup(of: attributes))>")
  }

  /// The pieces one after the other.
  public static func + (first: HTML, second: HTML) -> HTML {
    HTML(markup: first.markup + second.markup)
  }

  /// The markup.
  public var description: String { markup }

  /// Joins pieces of markup: for ``HTMLBuilder``.
  static func joined(_ pieces: [HTML]) -> HTML {
    HTML(markup: pieces.map(\.markup).joined())
  }

  private static func markup(of attributes: [HTMLAttribute]) -> String {
    var written: [HTMLAttribute] = []
    for attribute in attributes {
      written.removeAll { $0.name == attribute.name }
      written.append(attribute)
    }
    return written.map { attribute in
      guard let value = attribute.value else { return " \(attribute.name)" }
      return " \(attribute.name)=\"\(escaped(value))\""
    }.joined()
  }

  /// `text` with the five characters that can end or start markup escaped.
  static func escaped(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      })
    else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}

/// Builds ``HTML`` from the pieces of a closure: elements, `String`s (escaped, as
/// ``HTML/text(_:)``), `if`, `switch` and `for`.
@resultBuilder
public enum HTMLBuilder {
  /// A piece of markup, as it is.
  public static func buildExpression(_ html: HTML) -> HTML { html }
  /// Text, escaped.
  public static func buildExpression(_ text: String) -> HTML { .text(text) }
  /// The pieces, one after the other.
  public static func buildBlock(_ pieces: HTML...) -> HTML { .joined(pieces) }
  /// The piece of an `if` without `else`, or nothing.
  public static func buildOptional(_ piece: HTML?) -> HTML { piece ?? .empty }
  /// The piece of the first branch.
  public static func buildEither(first piece: HTML) -> HTML { piece }
  /// The piece of the second branch.
  public static func buildEither(second piece: HTML) -> HTML { piece }
  /// The pieces of a `for` loop, one after the other.
  public static func buildArray(_ pieces: [HTML]) -> HTML { .joined(pieces) }
}

/// An element that has content: the ones a screen is made of. Elements that run code or
/// load another document (`script`, `style`, `iframe`, `object`, `embed`) are not among
/// them.
public struct HTMLTag: Hashable, Sendable {
  let name: String

  private init(_ name: String) {
    self.name = name
  }

  /// `<a>`: a link.
  public static let a = HTMLTag("a")
  /// `<article>`: a self-contained entry.
  public static let article = HTMLTag("article")
  /// `<button>`: a button.
  public static let button = HTMLTag("button")
  /// `<dd>`: a term's description.
  public static let dd = HTMLTag("dd")
  /// `<dialog>`: a dialog.
  public static let dialog = HTMLTag("dialog")
  /// `<div>`: a block with no meaning of its own.
  public static let div = HTMLTag("div")
  /// `<dl>`: a list of terms and descriptions.
  public static let dl = HTMLTag("dl")
  /// `<dt>`: a term.
  public static let dt = HTMLTag("dt")
  /// `<em>`: stressed text.
  public static let em = HTMLTag("em")
  /// `<fieldset>`: a group of controls.
  public static let fieldset = HTMLTag("fieldset")
  /// `<footer>`: a footer.
  public static let footer = HTMLTag("footer")
  /// `<form>`: a form.
  public static let form = HTMLTag("form")
  /// `<h1>`: a heading of the first level.
  public static let h1 = HTMLTag("h1")
  /// `<h2>`: a heading of the second level.
  public static let h2 = HTMLTag("h2")
  /// `<h3>`: a heading of the third level.
  public static let h3 = HTMLTag("h3")
  /// `<header>`: a header.
  public static let header = HTMLTag("header")
  /// `<label>`: a control's label.
  public static let label = HTMLTag("label")
  /// `<legend>`: a group's caption.
  public static let legend = HTMLTag("legend")
  /// `<li>`: a list item.
  public static let li = HTMLTag("li")
  /// `<main>`: the page's main content.
  public static let main = HTMLTag("main")
  /// `<nav>`: links to other screens.
  public static let nav = HTMLTag("nav")
  /// `<ol>`: an ordered list.
  public static let ol = HTMLTag("ol")
  /// `<output>`: the result of what a person typed.
  public static let output = HTMLTag("output")
  /// `<p>`: a paragraph.
  public static let p = HTMLTag("p")
  /// `<progress>`: a progress bar or spinner.
  public static let progress = HTMLTag("progress")
  /// `<section>`: a section.
  public static let section = HTMLTag("section")
  /// `<small>`: side comments, fine print.
  public static let small = HTMLTag("small")
  /// `<span>`: a run of text with no meaning of its own.
  public static let span = HTMLTag("span")
  /// `<strong>`: important text.
  public static let strong = HTMLTag("strong")
  /// `<time>`: a date or time.
  public static let time = HTMLTag("time")
  /// `<title>`: the document's title.
  public static let title = HTMLTag("title")
  /// `<ul>`: an unordered list.
  public static let ul = HTMLTag("ul")
}

/// An element without content or closing tag.
public struct HTMLVoidTag: Hashable, Sendable {
  let name: String

  private init(_ name: String) {
    self.name = name
  }

  /// `<br>`: a line break.
  public static let br = HTMLVoidTag("br")
  /// `<hr>`: a break between topics.
  public static let hr = HTMLVoidTag("hr")
  /// `<input>`: a text field, box or button.
  public static let input = HTMLVoidTag("input")
}

/// An attribute of an element. Values are escaped where they are written; names are fixed
/// here, or made of lowercase letters, digits and hyphens after `aria-` and `data-`.
public struct HTMLAttribute: Hashable, Sendable {
  let name: String
  /// `nil` for an attribute that is there or not, such as `disabled`.
  let value: String?

  private init(_ name: String, _ value: String?) {
    self.name = name
    self.value = value
  }

  /// `id`: the element's identifier, unique in the page.
  public static func id(_ value: String) -> HTMLAttribute { HTMLAttribute("id", value) }
  /// `class`: the names of the styles that apply.
  public static func `class`(_ value: String) -> HTMLAttribute { HTMLAttribute("class", value) }
  /// `name`: a control's name.
  public static func name(_ value: String) -> HTMLAttribute { HTMLAttribute("name", value) }
  /// `value`: a control's value.
  public static func value(_ value: String) -> HTMLAttribute { HTMLAttribute("value", value) }
  /// `type`: an input's or a button's kind.
  public static func type(_ value: String) -> HTMLAttribute { HTMLAttribute("type", value) }
  /// `placeholder`: the hint an empty field shows.
  public static func placeholder(_ value: String) -> HTMLAttribute {
    HTMLAttribute("placeholder", value)
  }
  /// `title`: the text a pointer hovering over the element shows.
  public static func title(_ value: String) -> HTMLAttribute { HTMLAttribute("title", value) }
  /// `role`: the element's role, for screen readers.
  public static func role(_ value: String) -> HTMLAttribute { HTMLAttribute("role", value) }
  /// `lang`: the language of the element's text.
  public static func lang(_ value: String) -> HTMLAttribute { HTMLAttribute("lang", value) }
  /// `autocomplete`: what a browser may fill the field with.
  public static func autocomplete(_ value: String) -> HTMLAttribute {
    HTMLAttribute("autocomplete", value)
  }
  /// `inputMode`: the keyboard a phone shows for the field.
  public static func inputMode(_ value: String) -> HTMLAttribute {
    HTMLAttribute("inputmode", value)
  }
  /// The `id` of the control a `label` names.
  public static func `for`(_ id: String) -> HTMLAttribute { HTMLAttribute("for", id) }
  /// `tabIndex`: where the element is in the order of the Tab key.
  public static func tabIndex(_ index: Int) -> HTMLAttribute {
    HTMLAttribute("tabindex", String(index))
  }
  /// `max`: a progress bar's end.
  public static func max(_ value: Int) -> HTMLAttribute { HTMLAttribute("max", String(value)) }
  /// `dateTime`: a `time`'s machine-readable value.
  public static func dateTime(_ value: String) -> HTMLAttribute {
    HTMLAttribute("datetime", value)
  }
  /// A link to one of the page's own paths: never another site, never a `javascript:`
  /// address.
  public static func href(_ path: WebPath) -> HTMLAttribute { HTMLAttribute("href", path.text) }
  /// Where a form is sent: one of the page's own paths.
  public static func action(_ path: WebPath) -> HTMLAttribute {
    HTMLAttribute("action", path.text)
  }
  /// `method`: how a form is sent (`POST`).
  public static func method(_ value: String) -> HTMLAttribute { HTMLAttribute("method", value) }

  /// The disabled attribute: the control cannot be used.
  public static let disabled = HTMLAttribute("disabled", nil)
  /// The required attribute: the field must be filled.
  public static let required = HTMLAttribute("required", nil)
  /// The autofocus attribute: the control has the focus when the page opens.
  public static let autofocus = HTMLAttribute("autofocus", nil)
  /// The hidden attribute: the element is not shown.
  public static let hidden = HTMLAttribute("hidden", nil)
  /// The readOnly attribute: the field cannot be changed.
  public static let readOnly = HTMLAttribute("readonly", nil)
  /// The open attribute: the dialog is open.
  public static let open = HTMLAttribute("open", nil)

  /// `aria-name`, for screen readers (`aria("live", "polite")`, `aria("invalid", "true")`).
  public static func aria(_ name: String, _ value: String) -> HTMLAttribute {
    HTMLAttribute("aria-" + suffix(name), value)
  }

  /// `data-name`, which the page's script reads.
  public static func data(_ name: String, _ value: String) -> HTMLAttribute {
    HTMLAttribute("data-" + suffix(name), value)
  }

  /// `name` as an attribute name's suffix: lowercase letters, digits and hyphens, the
  /// other characters dropped.
  private static func suffix(_ name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.lowercased().unicodeScalars.filter {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }))
  }
}
