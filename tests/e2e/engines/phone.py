"""A phone in WebKit or Firefox, the little the walks need, the same for both engines.

Each engine's driver (webkit.py, firefox.py) gives four things: open a URL, run a script
in the page (a function's source and its arguments, its value back as JSON), click an
element a script found as a finger would (the engine's own input, not a script's click),
and set a cookie. The rest is here, in terms of those, so a walk reads the same in both.

Nothing is timed: every wait is for something the page shows (`wait`), polled, with a
ceiling far above what a busy machine takes.
"""

from __future__ import annotations

import time

TIMEOUT = 60  # a ceiling, never the mechanism

# The element a walk means: by CSS selector, and where `text` is given, the first of them
# whose words hold it, among those on show (as a person reads the screen: a form keeps
# hidden what does not apply yet).
FIND = """(selector, text) => {
  for (const element of document.querySelectorAll(selector)) {
    if (!element.getClientRects().length) continue;
    if (text === null || element.textContent.replace(/\\s+/g, " ").includes(text))
      return element;
  }
  return null; }"""

# The page's service worker as a failure's message says it: each of its three slots' state.
WORKER = """() => navigator.serviceWorker ? navigator.serviceWorker.getRegistration().then((r) =>
  !r ? "not registered" : ["installing", "waiting", "active"]
    .map((slot) => `${slot} ${r[slot] ? r[slot].state : "none"}`).join(", ")) : "none" """

# htmx's live updates of a hand form, counted as they settle: a tap that changes the form
# waits for its answer to be drawn before the next tap (as helpers.live_update does).
COUNT_UPDATES = """() => { if (window.__updates === undefined) { window.__updates = 0;
  document.addEventListener("htmx:afterSettle", () => { window.__updates += 1; }); }
  return window.__updates; }"""
IDLE = """(before) => window.__updates > before
  && !document.querySelector(".htmx-request, .htmx-settling, .htmx-swapping")"""


class Phone:
    """What both engines' phones do; `base` is the app's address as the phone opens it."""

    engine = ""

    def __init__(self, base: str):
        self.base = base

    # --- given by each engine -------------------------------------------------------
    def open(self, url: str) -> None:
        """Start going to `url` (`visit` waits for it)."""
        raise NotImplementedError

    def run(self, function: str, *args):
        """The value of `function(...args)` in the page (awaited if it is a promise)."""
        raise NotImplementedError

    def press(self, selector: str, text: str | None) -> None:
        """A finger on the element FIND gives, by the engine's own input."""
        raise NotImplementedError

    def add_cookie(self, name: str, value: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # --- the same in both -----------------------------------------------------------
    def goto(self, path: str) -> None:
        self.visit(self.base + path)

    def reload(self) -> None:
        self.visit(self.url())

    def visit(self, url: str) -> None:
        """Open `url` and wait until a new page is there, loaded: the page before is marked,
        so that a navigation still on its way (a worker waiting on a silent server) is never
        taken for its end."""
        self.run("() => { window.__left = true; }")
        self.open(url)
        self.wait(
            "() => window.__left === undefined && document.readyState === 'complete'",
            what=f"{url} to load",
        )

    def url(self) -> str:
        return self.run("() => location.href")

    def path(self) -> str:
        return self.run("() => location.pathname")

    def tap(self, selector: str, text: str | None = None, update: bool = False) -> None:
        """Tap what `selector` (and `text`) name; `update`: the tap changes a hand form,
        and the next step waits for the server's answer to be drawn."""
        self.wait(f"(s, t) => !!({FIND})(s, t)", selector, text, what=f"{selector} {text}")
        before = self.run(COUNT_UPDATES) if update else None
        self.press(selector, text)
        if update:
            self.wait(IDLE, before, what=f"the update after {selector} {text or ''}")

    def choose(self, field: str, value) -> None:
        """Tap the chip or pill of a hand form's `field` that has `value`."""
        self.tap(f"label:has(> input[name='{field}'][value='{value}'])", update=True)

    def fill(self, selector: str, value, update: bool = False) -> None:
        """Write `value` in a field and move on (its change event, as when a finger leaves it)."""
        before = self.run(COUNT_UPDATES) if update else None
        self.run(
            """(s, v) => { const field = document.querySelector(s); field.focus();
            field.value = v; field.dispatchEvent(new Event("input", {bubbles: true}));
            field.dispatchEvent(new Event("change", {bubbles: true})); field.blur(); }""",
            selector,
            str(value),
        )
        if update:
            self.wait(IDLE, before, what=f"the update after {selector}")

    def text_of(self, selector: str) -> str:
        return self.run(
            "(s) => { const e = document.querySelector(s); return e ? e.innerText : null; }",
            selector,
        )

    def shows(self, selector: str, text: str) -> bool:
        return bool(self.run(f"(s, t) => !!({FIND})(s, t)", selector, text))

    def wait(self, condition: str, *args, what: str, timeout: float = TIMEOUT):
        """Poll `condition(...args)` in the page until it is true; between two pages (the
        page leaving, the next one not yet there) it is simply not true yet."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                value = self.run(condition, *args)
                if value:
                    return value
            except Exception as error:  # a page on its way: asked again
                last = error
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.engine}: timed out waiting for {what} ({last}); {self.glimpse()}"
                )
            time.sleep(0.05)  # a poll, not a guess at how long anything takes

    def glimpse(self) -> str:
        """Where the phone is, its service worker's state and the start of what it shows,
        for a failure's message (a worker not active once in 60 s in WebKit, cause unknown:
        its state says whether one is installing, waiting or none)."""
        try:
            worker = self.run(WORKER)
        except Exception as error:  # noqa: BLE001 - a failure's message, whatever it finds
            worker = f"unknown ({error})"
        try:
            shown = self.run("() => location.href + ': ' + document.body.innerText.slice(0, 400)")
        except Exception as error:  # the page may be the browser's own, or none
            shown = f"(the page cannot be read: {error})"
        return f"worker {worker}; {shown}"

    def until(self, condition, what: str, timeout: float = TIMEOUT) -> None:
        """Poll `condition()` in the test (the database, the relay) until it is true."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.engine}: timed out waiting for {what}; {self.glimpse()}"
                )
            time.sleep(0.05)  # a poll

    def wait_for_text(self, selector: str, text: str, timeout: float = TIMEOUT) -> None:
        self.wait(
            f"(s, t) => !!({FIND})(s, t)",
            selector,
            text,
            what=f"{text!r} in {selector}",
            timeout=timeout,
        )

    def wait_for_path(self, path: str, timeout: float = TIMEOUT) -> None:
        self.wait(
            "(p) => location.pathname === p && document.readyState === 'complete'",
            path,
            what=f"the page {path}",
            timeout=timeout,
        )

    def log_in(self, username: str = "ana") -> None:
        """Django's own session for `username` as the phone's cookie (helpers.log_in)."""
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.test import Client

        client = Client()
        client.force_login(get_user_model().objects.get(username=username))
        session = client.cookies[settings.SESSION_COOKIE_NAME]
        self.add_cookie(session.key, session.value)
