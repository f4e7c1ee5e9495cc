"""End-to-end tests: Debian's Chromium driven by Playwright, at a phone's size.

The browser is the machine's own Chromium, Debian's headless build of it (`make test`
installs it with apt); Playwright never downloads one. Screenshots go to artifacts/
(ignored by git).
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.in_flight import IN_FLIGHT

# A ceiling, never the mechanism: each wait is for something the page shows, and a busy
# machine may take long to show it (Playwright's own calls wait as long by default).
expect.set_options(timeout=30_000)

# Debian's package chromium-headless-shell: the same source and version as `chromium`, so
# the same Blink, V8 and network stack, without the desktop browser around them; it is
# what Playwright itself runs for headless Chromium. The suite is bound by the processor,
# and this is where it went: the whole suite on this 2-core machine took 425 s with
# /usr/bin/chromium and 327 s with the shell, one run after the other (2 workers).
# `CHROMIUM=/usr/bin/chromium` runs the same tests in the full browser.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}  # the narrowest phone the app is made for
# As root and on a closed network, Chromium needs these to start quietly.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser(live_server):
    # The live server starts first, so it stops last: at the end Chromium closes its idle
    # sockets to it, and the threads that served them still need the test's SQLite
    # connection shared. (A test that opens Chromium without the live server, as the
    # page-weight test does, would otherwise start the browser first.)
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls made
    # by the live server's test setup are still synchronous and safe here.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run `make test` to install it"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield Phones(browser)
        browser.close()


class Phones:
    """The session's Chromium, whose new contexts block the app's service worker unless a
    test asks for it (`service_workers="allow"`: tests/e2e/test_installed.py). A page the
    worker controls sends its requests through it, where `page.route` no longer sees them:
    a test that holds or fails a request would race the worker's install."""

    def __init__(self, browser):
        self._browser = browser
        self.opened = []

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        context = self._browser.new_context(**options)
        self.opened.append(context)
        return context

    def close_all(self):
        while self.opened:
            self.opened.pop().close()  # closing a closed context does nothing

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def phones_closed(request):
    """Every phone a test opened is closed when it ends. A board left open polls the live
    server every 5 s for the rest of the run: later tests' load, and a traceback when a
    poll lands in a test without the database (seen in CI). Then the test ends once the live
    server has answered what they asked."""
    yield
    if "browser" in request.fixturenames:
        request.getfixturevalue("browser").close_all()
    if "live_server" in request.fixturenames:
        # ... and the pages they were still fetching answered, before the test's database is
        # emptied (tests/e2e/in_flight.py says why). A request stuck longer is left be.
        IN_FLIGHT.wait_idle(timeout=30)


@pytest.fixture
def phone(browser):
    # A touch screen, as at the table: `page.tap` touches it.
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def installed(browser):
    """A phone that lets the app's service worker in (the others block it)."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, has_touch=True, service_workers="allow"
    )
    yield context
    context.close()


@pytest.fixture
def small_phone(browser):
    context = browser.new_context(viewport=SMALL_PHONE, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def shoot():
    """Save a full-page screenshot under artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name):
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        # A full-page shot leaves Chromium's hit-testing offset until the page scrolls;
        # without this, the next tap lands beside its target.
        page.evaluate("window.scrollTo(0, 0)")
        return path

    take.folder = ARTIFACTS
    return take


@pytest.fixture
def axe():
    """Run axe-core (bundled with axe-playwright-python) and fail on serious problems."""
    from axe_playwright_python.sync_playwright import Axe

    checker = Axe()

    def check(page, name):
        results = checker.run(page)
        bad = [
            f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert not bad, f"{name}: " + "; ".join(bad)

    return check


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
