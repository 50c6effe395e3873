#!/usr/bin/env python3
"""Drives headless Chromium through the web front, as a person would, over the DevTools
protocol (a WebSocket client written here on Python's standard library).

    Scripts/web_e2e.py WEB_BINARY SCREENSHOT_DIR PATH

Starts WEB_BINARY on a fresh data directory, opens the address it prints, logs in to the
seeded account and plays the story of the records page at PATH (one that
Scripts/new-feature.sh wrote): the form's fields, each filled with its example, an entry
added, edited and deleted after the confirmation, and the page at a phone's width. Saves a
screenshot in SCREENSHOT_DIR. Exits non-zero, saying which step failed, when one does.

Other stories import it: `Session` starts the front and the browser, `Browser` acts.
"""
import base64
import json
import os
import re
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time


class Failure(Exception):
    pass


class DevTools:
    """A connection to the browser's DevTools WebSocket, one command at a time."""

    def __init__(self, url):
        match = re.match(r"ws://([^:/]+):(\d+)(/.*)", url)
        self.sock = socket.create_connection((match.group(1), int(match.group(2))), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {match.group(3)} HTTP/1.1\r\nHost: {match.group(1)}:{match.group(2)}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise Failure(f"DevTools refused the WebSocket: {head!r}")
        self.next_id = 0
        self.session = None

    def _send_frame(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _read_exact(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise Failure("the browser closed the DevTools connection")
            data += chunk
        return data

    def _read_message(self):
        message = b""
        while True:
            first, second = self._read_exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read_exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read_exact(8))[0]
            payload = self._read_exact(length)
            opcode = first & 0x0F
            if opcode == 8:
                raise Failure("the browser closed the DevTools connection")
            if opcode in (0, 1, 2):
                message += payload
            if first & 0x80 and opcode != 9 and opcode != 10:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        command = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            command["sessionId"] = self.session
        self._send_frame(json.dumps(command))
        while True:
            message = self._read_message()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise Failure(f"{method}: {message['error']}")
                return message.get("result", {})


class Browser:
    def __init__(self, devtools, screenshots):
        self.dt = devtools
        self.screenshots = screenshots

    def open_tab(self, url):
        target = self.dt.call("Target.createTarget", url="about:blank")["targetId"]
        self.dt.session = self.dt.call(
            "Target.attachToTarget", targetId=target, flatten=True
        )["sessionId"]
        self.dt.call("Page.enable")
        self.dt.call("Runtime.enable")
        self.width(1000)
        self.dt.call("Page.navigate", url=url)
        return target

    def width(self, width):
        self.dt.call(
            "Emulation.setDeviceMetricsOverride",
            width=width, height=700, deviceScaleFactor=1, mobile=width < 500,
        )

    def js(self, expression):
        result = self.dt.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise Failure(f"the page's script failed on {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, what, expression, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.js(expression):
                return
            time.sleep(0.05)
        self.shot("failed")
        text = self.js("document.body ? document.body.innerText : ''")
        raise Failure(f"{what}: not seen within {seconds} s; the page says:\n{text}")

    def wait_text(self, text, seconds=10):
        self.wait(f"the text {text!r}", f"document.body.innerText.includes({json.dumps(text)})", seconds)

    def wait_path(self, path, seconds=10):
        self.wait(f"the address {path}", f"location.pathname === {json.dumps(path)}", seconds)

    def click(self, selector):
        """A real click in the middle of the element, as a pointer makes it."""
        box = self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        if box is None:
            self.shot("failed")
            raise Failure(f"nothing on the page matches {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.dt.call(
                "Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1
            )

    def key(self, key, code=None, text=None, modifiers=0):
        codes = {"Enter": 13, "Tab": 9, "Escape": 27, "Backspace": 8, "a": 65}
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": codes.get(key, 0), "modifiers": modifiers}
        down = dict(params, type="keyDown")
        if text:
            down["text"] = text
        self.dt.call("Input.dispatchKeyEvent", **down)
        self.dt.call("Input.dispatchKeyEvent", **dict(params, type="keyUp"))

    def type(self, text):
        """Types into the focused field, one character at a time."""
        for character in text:
            self.dt.call("Input.insertText", text=character)

    def fill(self, selector, text):
        self.click(selector)
        self.js(f"document.querySelector({json.dumps(selector)}).select()")
        self.key("Backspace")
        self.type(text)

    def shot(self, name):
        data = self.dt.call("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(self.screenshots, f"{name}.png"), "wb") as file:
            file.write(base64.b64decode(data))


def step(name):
    print(f"-- {name}", flush=True)


class Session:
    """The web front on a fresh data directory, and Chromium with a tab on it; `close()` ends
    both."""

    def __init__(self, web, screenshots):
        os.makedirs(screenshots, exist_ok=True)
        chromium = (
            shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        )
        if not chromium:
            raise Failure("no chromium on PATH")
        self.work = tempfile.mkdtemp(prefix="web-e2e.")
        self.browser_process = None
        identity = open(os.path.join(os.path.dirname(__file__), "..", "Modules", "AppComposition",
                                     "Support", "AppIdentity.swift")).read()
        variable = re.search(r'dataDirectoryVariable = "([A-Z0-9_]+)"', identity).group(1)
        server_variable = re.search(r'serverVariable = "([A-Z0-9_]+)"', identity).group(1)
        self.env = dict(os.environ)
        self.env[variable] = os.path.join(self.work, "data")
        self.env.pop(server_variable, None)
        self.server = subprocess.Popen([web, "--port", "0"], env=self.env, stdout=subprocess.PIPE, text=True)
        try:
            ready, _, _ = select.select([self.server.stdout], [], [], 30)
            line = self.server.stdout.readline() if ready else ""
            match = re.search(r"(http://127\.0\.0\.1:\d+)/\?key=([0-9a-f]+)", line)
            if not match:
                raise Failure(f"the web front did not print its address; it printed {line!r}")
            self.origin, self.key = match.groups()
            arguments = [
                chromium, "--headless=new", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--remote-debugging-port=0",
                f"--user-data-dir={os.path.join(self.work, 'profile')}", "about:blank",
            ]
            if os.geteuid() == 0:
                arguments.insert(1, "--no-sandbox")
            self.browser_process = subprocess.Popen(arguments, stderr=subprocess.PIPE, text=True)
            deadline = time.time() + 60
            devtools_url = None
            while time.time() < deadline and devtools_url is None:
                ready, _, _ = select.select([self.browser_process.stderr], [], [], 1)
                if ready:
                    found = re.search(r"DevTools listening on (ws://\S+)", self.browser_process.stderr.readline())
                    devtools_url = found.group(1) if found else None
            if devtools_url is None:
                raise Failure("Chromium did not start its DevTools endpoint within 60 s")
            self.page = Browser(DevTools(devtools_url), screenshots)
        except BaseException:
            self.close()
            raise

    def log_in(self, path):
        """Opens `path` with the key and logs in to the seeded account; the page then shows
        `path`."""
        page = self.page
        page.open_tab(f"{self.origin}{path}?key={self.key}")
        page.wait_path("/login")
        page.wait("the email field to have the focus", "document.activeElement?.id === 'field-email'")
        page.type("ada@example.com")
        page.key("Tab")
        page.type("correct horse")
        page.key("Enter", text="\r")
        page.wait_path(path, 30)

    def close(self):
        if self.browser_process:
            self.browser_process.kill()
            self.browser_process.wait()
        self.server.terminate()
        self.server.wait(timeout=10)
        shutil.rmtree(self.work, ignore_errors=True)


def records_story(session, path):
    """The story of a records page that Scripts/new-feature.sh wrote."""
    page = session.page
    step(f"log in, and a link to {path} opens it after the login")
    session.log_in(path)
    page.wait("the form's first field to have the focus", "document.activeElement?.matches('form input')")
    count = page.js("document.querySelectorAll('form input').length")
    if not count:
        raise Failure("the page has no field")

    step("each field gets its example, and Enter adds the entry")
    for index in range(count):
        example = page.js(f"document.querySelectorAll('form input')[{index}].dataset.example")
        page.fill(f"form > input:nth-of-type({index + 1})", example)
    page.key("Enter", text="\r")
    page.wait_text("Added ")
    page.wait("one entry listed", "document.querySelectorAll('.records li').length === 1")
    # The form adds the next entry: emptied, the field that had the focus too.
    page.wait(
        "the form emptied",
        "[...document.querySelectorAll('form input')].every(i => i.value !== i.dataset.example)",
    )
    page.shot("records")

    step("Edit fills the form, Save saves it over itself")
    page.click(".records li [data-tap=edit]")
    page.wait_text("Edit ")
    page.click("[data-tap=save]")
    page.wait_text("Saved ")

    step("Delete asks first; the confirmation deletes the entry")
    page.click(".records li [data-tap=delete]")
    page.wait("the question", "!!document.querySelector('[role=alertdialog]')")
    page.click("[data-tap=confirm-delete]")
    page.wait_text("Removed ")
    page.wait("no entry listed", "document.querySelectorAll('.records li').length === 0")

    step("at a phone's width, the page fits without scrolling sideways")
    page.width(375)
    page.wait("no sideways scrolling", "document.documentElement.scrollWidth <= 375")
    page.shot("records-phone")


def run(story, web, screenshots, *arguments):
    """Runs `story(session, *arguments)` on a new session; returns the exit status."""
    try:
        session = Session(web, screenshots)
        try:
            story(session, *arguments)
        finally:
            session.close()
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        return 1
    print("web front end to end: all steps passed")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(run(records_story, sys.argv[1], sys.argv[2], sys.argv[3]))
