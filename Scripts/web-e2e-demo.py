#!/usr/bin/env python3
"""The demo's stories in headless Chromium, on Scripts/web_e2e.py's driver.

    Scripts/web-e2e-demo.py WEB_BINARY CLI_BINARY SCREENSHOT_DIR

A link to the friends opened before the login, a wrong password then the right one, adding a
friend whose phone number is refused then accepted, a friend that a second process
(CLI_BINARY) adds, a friend's page, reload, back, Escape, a second tab, the list at a
phone's width, search as the user types, the timeline where a new post arrives without a
tap, a post read whole and its author's posts; a screenshot of each main page in
SCREENSHOT_DIR.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_e2e import run, step  # noqa: E402


def demo_story(session, cli):
    page = session.page

    step("a link to the friends, opened with the key, asks to log in first")
    page.open_tab(f"{session.origin}/friends?key={session.key}")
    page.wait_path("/login")
    page.wait("the email field to have the focus", "document.activeElement?.id === 'field-email'")
    page.wait_text("Enter an email address.")
    page.shot("login")

    step("a wrong password is refused, then the right one logs in and opens the friends")
    page.type("ada@example.com")
    page.key("Tab")
    page.type("wrong password")
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
        env=session.env, check=True, stdout=subprocess.DEVNULL,
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
    page.open_tab(f"{session.origin}/friends")
    page.wait_path("/friends")
    page.wait_text("Grace Hopper")

    step("at a phone's width, the list fits without scrolling sideways")
    page.width(375)
    page.wait("no sideways scrolling", "document.documentElement.scrollWidth <= 375")
    page.shot("friends-phone")

    step("search as the user types, and a result opens the friend")
    page.width(1000)
    page.click("[data-tap=find]")
    page.wait_path("/search")
    page.wait("the search field to have the focus", "document.activeElement?.id === 'field-query'")
    page.type("hop")
    page.wait_text("Grace Hopper")
    page.shot("search")
    page.click(".records li a")
    page.wait("a friend's address", "/^\\/friends\\/\\d+$/.test(location.pathname)")
    page.wait_text("555 0102")
    page.js("history.back()")
    page.wait("the search page again", "!!document.querySelector('#field-query')")
    page.js("history.back()")
    page.wait("the list again", "!!document.querySelector('[data-tap=activity]')")

    step("the friends' activity: the timeline, where a new post arrives without a tap")
    page.click("[data-tap=activity]")
    page.wait_path("/timeline")
    page.wait("posts listed", "document.querySelectorAll('.records li').length > 0", 20)
    page.shot("timeline")
    first = page.js("document.querySelector('.records li').id")
    # The demo's timeline writes a post every 20 to 40 s.
    page.wait(
        "a new post on top", f"document.querySelector('.records li').id !== {json.dumps(first)}", 60
    )

    step("a post read whole, and its author's posts")
    page.click(".records li [data-tap=read]")
    page.wait("a post's address", "/^\\/timeline\\/posts\\/\\d+$/.test(location.pathname)")
    page.wait("the post's text", "!!document.querySelector('article .text')")
    page.click("article [data-tap=author]")
    page.wait("the author's address", "/^\\/timeline\\/people\\/\\d+$/.test(location.pathname)")
    page.wait("the author's posts", "document.querySelectorAll('.records li').length > 0", 20)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(run(demo_story, sys.argv[1], sys.argv[3], sys.argv[2]))
