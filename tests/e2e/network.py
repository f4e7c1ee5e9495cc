"""Network trouble made on purpose, never raced: a request is held on its way until the test
lets it go, so that whatever the test does meanwhile happens before the answer lands, on a
fast machine or a busy one. (Going offline is Playwright's `context.set_offline`; a timer
the page waits for is run by Playwright's clock, `page.clock`.)

While a page is leaving for a form's answer, Chromium answers no DevTools call to it
until the navigation ends: Playwright cannot read the page, set it offline or move its
clock then. Only what the browser itself does (a route held or answered, a touch) goes on.
"""

import time
from contextlib import contextmanager, suppress

from playwright.sync_api import Error

SAVE = "button[name=save][value='1']"


def is_save(request) -> bool:
    return request.method == "POST" and "save=1" in (request.post_data or "")


def is_update(request) -> bool:
    """A live update of a hand form (htmx), not a save."""
    return request.method == "POST" and "/hands/" in request.url and not is_save(request)


class Held:
    """The page's requests that `match`, each held on its way (the first `first` of them,
    or all) until `release`; the others go as usual."""

    URL = "**/games/**"  # every page a hand is saved or updated from, and nothing static

    def __init__(self, page, match, first=None):
        self.page, self.match, self.first = page, match, first
        self.routes, self.seen, self.released = [], 0, False
        page.route(self.URL, self._arrive)

    def _arrive(self, route):
        if not self.match(route.request) or self.first == self.seen:
            route.fallback()
            return
        self.seen += 1
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def wait(self, count=1):
        """Until `count` requests are held: Playwright hands the test its routes while the
        test waits in one of its calls (a page's own calls would wait for its navigation)."""
        until(self.page, lambda: len(self.routes) >= count, f"{count} request(s) held")

    def release(self):
        """Let every held request, and any still to come, go on its way."""
        self.released = True
        for route in self.routes:
            # One the page gave up meanwhile (a newer update replaced it, the page left).
            with suppress(Error):
                route.fallback()
        self.routes = []

    def stop(self):
        self.release()
        with suppress(Error):
            self.page.unroute(self.URL, self._arrive)


@contextmanager
def held(page, match, first=None):
    """Hold the page's requests that `match` for the length of the block; released after."""
    holding = Held(page, match, first)
    try:
        yield holding
    finally:
        holding.stop()


class LostSignal:
    """The signal goes at the moment the test chooses, even while a save is on its way.

    Set offline from outside, the page would learn it only once the save's navigation
    ended; so the page is told from within, by the event the browser fires when the
    signal goes, as soon as the test answers a request the page made at the save.
    """

    URL = "/test-signal-goes"
    ARM = """url => window.addEventListener("submit", () => fetch(url).then(() =>
      window.dispatchEvent(new Event("offline"))), {once: true})"""

    def __init__(self, page):
        self.page, self.routes = page, []
        page.route(f"**{self.URL}", lambda route: self.routes.append(route))
        page.evaluate(self.ARM, self.URL)

    def now(self):
        until(self.page, lambda: self.routes, "the page to wait for the signal")
        self.routes.pop().fulfill(status=204)


POLL_MS = 5_000  # a board's hx-trigger="every 5s"


def next_poll(*pages):
    """Run each page's clock (installed before it loaded) on to its next poll.

    Only on pages that save no hand: with Playwright's clock, performance lists no
    navigation, and static/js/connection.js would not see that a save was answered.
    """
    for page in pages:
        page.clock.run_for(POLL_MS)


def until(page, condition, what, timeout=30):
    """Let Playwright deliver its events (a route, a request) until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        page.wait_for_timeout(10)  # not a guess at how long anything takes: a poll


def saves_sent(page):
    """Every save the page sends from now on (a list that fills as they go)."""
    sent = []
    page.on("request", lambda request: sent.append(request) if is_save(request) else None)
    return sent


def save_spot(page, button=SAVE):
    """Where Save is on the screen: a finger taps there even while the page is leaving,
    where Playwright's own tap would wait for the navigation to finish."""
    page.locator(button).scroll_into_view_if_needed()
    box = page.locator(button).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


class ServerDown:
    """The server gives no answer while the phone says it is online (lie-fi: one bar in a
    cellar, a captive portal, the server restarting), for every request to a game's pages:
    `how` is "hang" (never answered), "refused" (the connection refused: gunicorn stopped)
    or 503 (a proxy's answer for a server that is not there). `back()` ends it."""

    URL = "**/games/**"

    def __init__(self, page, how="hang"):
        self.page, self.how, self.routes, self.seen = page, how, [], 0
        page.route(self.URL, self._arrive)

    def _arrive(self, route):
        if self.how == "up":  # back: a request caught as it came back goes to the server
            return route.continue_()
        self.seen += 1
        if self.how == "hang":
            self.routes.append(route)
        elif self.how == "refused":
            route.abort("connectionrefused")
        else:
            route.fulfill(status=503, body="Service Unavailable")

    def back(self):
        """The server answers again. A request the phone still waits for is cut off first
        (let through, it would be answered after all). The route stays, letting every later
        request through: one caught just before, its handler not yet run, would otherwise
        wait for no one, and the page's stopped clock never gives it up."""
        self.how = "up"
        for route in self.routes:
            with suppress(Error):  # one the page gave up meanwhile
                route.abort("connectionreset")
        self.routes = []


def waiting(page) -> bool:
    """The page waits for a later try at sending its kept hands (static/js/sending.js),
    none on its way: its clock, run on, brings the next. False while it leaves."""
    try:
        return bool(page.evaluate("window.Kept && Kept.idle()"))
    except Error:  # the page leaving (for the scores, once they are sent)
        return False


def idle(page):
    until(page, lambda: waiting(page), "the queue to wait")
