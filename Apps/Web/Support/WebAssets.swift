import Foundation
import HTTPServer
import WebUI

/// The front's two files besides its pages: the script that connects a page to its tab, and
/// the stylesheet. Both are written here, with no framework; the browser keeps them for a day.
enum WebAssets {
  /// Where the script is served.
  static let scriptPath = WebPath("assets", "app.js")
  /// Where the stylesheet is served.
  static let stylesheetPath = WebPath("assets", "app.css")

  /// The file at `segments`, as a response, or `nil` when no file is there.
  static func file(at segments: [String]) -> HTTPResponse? {
    switch segments {
    case scriptPath.segments: response(script, type: "text/javascript; charset=utf-8")
    case stylesheetPath.segments: response(stylesheet, type: "text/css; charset=utf-8")
    default: nil
    }
  }

  private static func response(_ text: String, type: String) -> HTTPResponse {
    var headers = WebSecurity.headers.map { HTTPHeader(name: $0.name, value: $0.value) }
    headers.append(HTTPHeader(name: "Content-Type", value: type))
    headers.append(HTTPHeader(name: "Cache-Control", value: "max-age=86400"))
    return HTTPResponse(status: 200, headers: HTTPHeaders(headers), body: Data(text.utf8))
  }

  /// The page's script. It sends each input (`data-input` fields as the user types and as
  /// focus leaves them, `data-tap` buttons, links to the app's own pages, Escape, the
  /// browser's back and forward) to the tab, in order and numbered, and applies each frame
  /// the tab sends: the markup, changed in place so the focused field keeps its caret and what
  /// is typed in it, the title, and the address (a new history entry when the stack grew).
  static let script = #"""
    "use strict";
    (() => {
      const root = document.getElementById("app");
      if (!root) return;
      const tab = root.dataset.tab;
      let queue = Promise.resolve();
      let sent = 0;
      let settled = true;
      const send = (name, value) => {
        const sequence = ++sent;
        settled = false;
        queue = queue.then(() =>
          fetch(`/tabs/${tab}/input`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ name, value: value ?? "", sequence }),
          }).then((answer) => {
            if (answer.status === 404) location.reload();
          }).catch(() => {}));
      };
      history.replaceState({ depth: history.state?.depth ?? 1 }, "");
      // An address of this origin without it: the path and the query.
      const address = (href) => href.slice(location.origin.length).split("#")[0];

      document.addEventListener("input", (event) => {
        const name = event.target.dataset?.input;
        if (name) send(name, event.target.type === "checkbox" ? String(event.target.checked) : event.target.value);
      });
      document.addEventListener("focusout", (event) => {
        const name = event.target.dataset?.input;
        if (name) send("left", name);
      });
      document.addEventListener("click", (event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        const control = event.target.closest("[data-tap], a[href]");
        if (!control) return;
        if (control.dataset.tap) {
          event.preventDefault();
          send(control.dataset.tap, control.dataset.value);
        } else if (control.origin === location.origin) {
          event.preventDefault();
          send("open", address(control.href));
        }
      });
      document.addEventListener("submit", (event) => {
        event.preventDefault();
        const name = event.target.dataset.submit;
        if (name) send(name, "");
      });
      document.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && !event.defaultPrevented) send("escape", "");
      });
      window.addEventListener("popstate", () => send("location", address(location.href)));

      const same = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName
        && (a.nodeType !== 1 || a.id === b.id);
      const morph = (old, next) => {
        if (old.nodeType !== 1) {
          if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
          return;
        }
        const shownValue = old.getAttribute("value");
        for (const { name } of [...old.attributes]) {
          if (!next.hasAttribute(name)) old.removeAttribute(name);
        }
        for (const { name, value } of [...next.attributes]) {
          if (old.getAttribute(name) !== value) old.setAttribute(name, value);
        }
        if (old.nodeName === "INPUT" || old.nodeName === "TEXTAREA") {
          // A field's text changes when the tab changes it; in the field being typed in, only
          // once the tab has seen every input sent, so what is typed wins over a frame that
          // has not seen it yet.
          if (next.getAttribute("value") !== shownValue && old.value !== next.value &&
            (old !== document.activeElement || settled)) {
            old.value = next.value;
          }
          if (old.type === "checkbox") old.checked = next.checked;
          return;
        }
        morphChildren(old, next);
      };
      const morphChildren = (old, next) => {
        const olds = [...old.childNodes];
        const nexts = [...next.childNodes];
        nexts.forEach((child, index) => {
          const current = olds[index];
          if (current && same(current, child)) morph(current, child);
          else if (current) old.replaceChild(child, current);
          else old.appendChild(child);
        });
        olds.slice(nexts.length).forEach((child) => child.remove());
      };

      const events = new EventSource(`/tabs/${tab}/events`);
      events.addEventListener("frame", (event) => {
        const frame = JSON.parse(event.data);
        settled = frame.applied >= sent;
        const next = document.createElement("div");
        next.innerHTML = frame.html;
        const hadFocus = root.contains(document.activeElement) && document.activeElement !== document.body;
        morphChildren(root, next);
        document.title = frame.title;
        const depth = history.state?.depth ?? 1;
        if (frame.path !== address(location.href)) {
          if (frame.depth > depth) history.pushState({ depth: frame.depth }, "", frame.path);
          else history.replaceState({ depth: frame.depth }, "", frame.path);
        } else if (frame.depth !== depth) {
          history.replaceState({ depth: frame.depth }, "", frame.path);
        }
        if (!hadFocus || !root.contains(document.activeElement)) {
          root.querySelector("[autofocus]")?.focus();
        }
      });
      events.addEventListener("error", () => {
        if (events.readyState === EventSource.CLOSED) setTimeout(() => location.reload(), 2000);
      });
    })();
    """#

  /// The page's styles: readable at a phone's width, the focus always visible, no layout
  /// shift while a spinner shows.
  static let stylesheet = #"""
    :root { color-scheme: light dark; --accent: #2a6fdb; --failure: #c62828; --muted: #6b7280; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
    .bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center;
      justify-content: space-between; padding: .5rem 1rem; border-bottom: 1px solid #8884; }
    .bar ol { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; margin: 0; padding: 0; }
    .bar li + li::before { content: "›"; margin-right: .25rem; color: var(--muted); }
    .account { display: flex; gap: .5rem; align-items: center; }
    #flash { min-height: 1.5em; margin: .25rem 1rem; color: var(--accent); }
    .problem { margin: .25rem 1rem; padding: .5rem; border: 1px solid var(--failure); }
    main { max-width: 40rem; padding: 0 1rem 2rem; }
    h1 { font-size: 1.4rem; margin: .5rem 0 1rem; }
    label { display: block; margin-top: .75rem; font-weight: 600; }
    input:not([type=checkbox]):not([type=radio]) {
      width: 100%; padding: .5rem; font: inherit; border: 1px solid #8888; border-radius: 4px; }
    input[aria-invalid=true] { border-color: var(--failure); }
    .message { min-height: 1.5em; margin: .25rem 0; font-size: .9rem; color: var(--failure); }
    .hint { color: var(--muted); }
    .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
    button { font: inherit; padding: .4rem .9rem; border-radius: 4px; border: 1px solid #8888;
      cursor: pointer; }
    button.primary { background: var(--accent); color: white; border-color: var(--accent); }
    button[aria-disabled=true] { opacity: .5; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    .records { list-style: none; padding: 0; margin: 0; }
    .records li { display: flex; gap: .5rem; align-items: center; justify-content: space-between;
      padding: .5rem 0; border-bottom: 1px solid #8883; }
    .records a { flex: 1; }
    .status { min-height: 1.5em; color: var(--muted); }
    .failure { color: var(--failure); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
    dt { color: var(--muted); }
    dd { margin: 0; }
    .text { white-space: pre-wrap; overflow-wrap: anywhere; }
    """#
}
