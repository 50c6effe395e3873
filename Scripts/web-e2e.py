#!/usr/bin/env python3
"""Drives headless Chromium through the web front, as a person would, over the DevTools
protocol (a WebSocket client written here on Python's standard library).

    Scripts/web-e2e.py WEB_BINARY CLI_BINARY SCREENSHOT_DIR

Starts WEB_BINARY on a fresh data directory, opens the address it prints, and plays the
stories: log in (a wrong password first), open the friends, add a friend whose phone number
is refused and then accepted, see a friend that a second process (CLI_BINARY) adds, reload,
go back, open a second tab, and read the list at a phone's width. Saves a screenshot of each
main page in SCREENSHOT_DIR. Exits non-zero, saying which step failed, when one does.
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


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 64
    web, cli, screenshots = sys.argv[1:]
    os.makedirs(screenshots, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not chromium:
        raise Failure("no chromium on PATH")
    work = tempfile.mkdtemp(prefix="web-e2e.")
    env = dict(os.environ, FRIENDS_DATA_DIR=os.path.join(work, "data"))
    env.pop("FRIENDS_SERVER", None)
    server = subprocess.Popen([web, "--port", "0"], env=env, stdout=subprocess.PIPE, text=True)
    browser_process = None
    try:
        ready, _, _ = select.select([server.stdout], [], [], 30)
        line = server.stdout.readline() if ready else ""
        match = re.search(r"(http://127\.0\.0\.1:\d+)/\?key=([0-9a-f]+)", line)
        if not match:
            raise Failure(f"the web front did not print its address; it printed {line!r}")
        origin, key = match.groups()

        arguments = [
            chromium, "--headless=new", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check", "--remote-debugging-port=0",
            f"--user-data-dir={os.path.join(work, 'profile')}", "about:blank",
        ]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")
        browser_process = subprocess.Popen(arguments, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 60
        devtools_url = None
        while time.time() < deadline and devtools_url is None:
            ready, _, _ = select.select([browser_process.stderr], [], [], 1)
            if ready:
                text = browser_process.stderr.readline()
                found = re.search(r"DevTools listening on (ws://\S+)", text)
                devtools_url = found.group(1) if found else None
        if devtools_url is None:
            raise Failure("Chromium did not start its DevTools endpoint within 60 s")
        page = Browser(DevTools(devtools_url), screenshots)

        step("a link to the friends, opened with the key, asks to log in first")
        page.open_tab(f"{origin}/friends?key={key}")
        page.wait_path("/login")
        page.wait("the email field to have the focus", "document.activeElement?.id === 'field-email'")
        page.wait_text("Enter an email address.")
        page.shot("login")

        step("a wrong password is refused, then the right one logs in and opens the friends")
        page.type("ada@example.com")
        page.key("Tab")
        page.type("wrong password")
        page.wait("Log in enabled", "document.querySelector('[data-tap=login]').getAttribute('aria-disabled') === 'false'")
        page.key("Enter", text="\r")
        page.wait_text("Login failed", 20)
        page.fill("#field-password", "correct horse")
        page.key("Enter", text="\r")
        page.wait_path("/friends", 30)
        page.wait_text("Liam Anderson")
        page.shot("friends")

        step("adding a friend: the phone number is refused as typed, then accepted")
        page.click("[data-tap=add]")
        page.wait_path("/friends/new")
        page.wait("the first field to have the focus", "document.activeElement?.id === 'field-firstName'")
        page.type("Ada")
        page.key("Tab")
        page.type("Byron <3")
        page.key("Tab")
        page.type("555 01")
        page.key("Tab")
        page.wait_text("A phone number needs 7 to 15 digits.")
        page.shot("friend-form")
        page.fill("#field-phoneNumber", "555 0199")
        page.wait("the message to go", "!document.body.innerText.includes('A phone number needs')")
        page.key("Enter", text="\r")
        page.wait_path("/friends", 20)
        page.wait_text("Ada Byron <3")

        step("a second process adds a friend, and the open page shows them")
        subprocess.run(
            [cli, "add", "--first", "Grace", "--last", "Hopper", "--phone", "555 0102"],
            env=env, check=True, stdout=subprocess.DEVNULL,
        )
        page.wait_text("Grace Hopper", 15)

        step("a friend's page; reload keeps it, and back goes to the list")
        page.click("a[href^='/friends/']")
        page.wait("a friend's address", "/^\\/friends\\/\\d+$/.test(location.pathname)")
        address = page.js("location.pathname")
        page.wait_text("Phone")
        page.shot("friend")
        page.dt.call("Page.reload")
        page.wait("the page to load again", "document.readyState === 'complete'")
        page.wait_path(address)
        page.wait_text("Phone")
        page.js("history.back()")
        page.wait_path("/friends")
        page.wait_text("Grace Hopper")

        step("Escape goes back to the home")
        page.js("document.activeElement?.blur()")
        page.key("Escape")
        page.wait_path("/")
        page.wait_text("Logged in as")
        page.shot("home")

        step("a second tab has its own page, on the same login")
        page.open_tab(f"{origin}/friends")
        page.wait_path("/friends")
        page.wait_text("Grace Hopper")

        step("at a phone's width, the list fits without scrolling sideways")
        page.width(375)
        page.wait("no sideways scrolling", "document.documentElement.scrollWidth <= 375")
        page.shot("friends-phone")
        print("web front end to end: all steps passed")
        return 0
    finally:
        if browser_process:
            browser_process.kill()
            browser_process.wait()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        sys.exit(1)
