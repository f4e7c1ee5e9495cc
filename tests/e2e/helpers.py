"""Steps a player takes, written once for every end-to-end test."""

from contextlib import contextmanager

from tests.e2e import budget


@contextmanager
def live_update(page):
    """Wait for the htmx round trip a tap or a change starts, and for its swap to settle.

    Locators, not wait_for_function: the Content Security Policy forbids eval.
    A click that opened this page may return while it is still loading: until htmx has
    wired up the form (its script is deferred), a change sends nothing.
    """
    page.wait_for_load_state()
    with page.expect_response(lambda r: r.request.method == "POST" and "/hands/" in r.url):
        yield
    settled(page)


def settled(page):
    page.locator(".htmx-request, .htmx-settling, .htmx-swapping").first.wait_for(state="detached")


def grid_in_view(page):
    """Bring the card grid up under its sticky bar (the teams and the count), clear of the
    Save bar, before its cards are tapped blind (`force`: no wait for two still frames,
    and no look at what is on top). Left where the last tap scrolled it, the bottom row
    could sit a few pixels above the Save bar, which grows by a line or two when the
    preview comes: a tap aimed before that would land on the bar.
    """
    page.locator("#cards .grid-bar").evaluate("bar => bar.scrollIntoView({block: 'start'})")
    grid = page.locator("#card-grid").bounding_box()
    bar = page.locator(".hand-form > .buttons").bounding_box()
    room = bar["y"] - (grid["y"] + grid["height"])
    assert room > 60, f"the grid ends {room:.0f} px above the Save bar: its result may cover it"


def tap(page, selector):
    with live_update(page):
        page.click(selector)


def choose(page, group, label):
    option = f"#{group} label:has-text('{label}')"
    if not page.is_checked(f"{option} input"):
        tap(page, option)


def pick(page, group, value):
    """Tap the pill of `group` whose input has `value` (if it is not chosen already)."""
    option = f"#{group} label:has(input[value='{value}'])"
    if not page.is_checked(f"{option} input"):
        with live_update(page):
            page.click(option)


def condition(page, label):
    """Choose one of Contractor's conditions, unfolding them first where they are folded."""
    if not page.locator("#conditions-box[open]").count():
        page.click("#conditions-box summary")
    choose(page, "conditions", label)


def chip(page, field, value):
    """Tap the chip `value` of a count shown as chips (tricks)."""
    with live_update(page):
        page.click(f"label:has(> input[name='{field}'][value='{value}'])")


def chosen(page, field) -> str | None:
    """The chip or pill of `field` that is chosen now, or None."""
    checked = page.locator(f"input[name='{field}']:checked")
    return checked.get_attribute("value") if checked.count() else None


def set_number(page, field, value):
    with live_update(page):
        page.fill(f"#id_{field}", str(value))
        page.dispatch_event(f"#id_{field}", "change")


def save(page, base, game_id):
    """Save the hand and land back on the scoreboard."""
    page.click("button[name=save][value='1']")
    page.wait_for_url(f"{base}/games/{game_id}/")


def standing(page, name):
    """A name's total on the scoreboard, with a plain minus sign."""
    return page.inner_text(f".standing:has(.who:text-is('{name}')) .total").replace("\u2212", "-")


def log_in(page, base, username="ana"):
    """Be logged in as `username` on this phone: Django's own session for that account, set
    as the phone's cookie; the test then opens the page it is about. Most tests only need to
    be logged in; through the form each of them paid a login page, a post and the home page
    (0.31 s against 0.06 s on a quiet machine), and every page a phone opens costs Chromium
    about 0.1 s of processor even when it is empty. Where logging in is what is tested, or
    what it changes (the CSRF secret, another account on the same phone), `log_in_by_form`."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    session = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": session.key, "value": session.value, "url": base}])


def log_in_by_form(page, base, username="ana", password="a long table password"):
    """Log in through the login form and wait for the home page: a request still in flight
    when the test goes on (or when its database is flushed) races what follows."""
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button:has-text('Log in')")
    page.wait_for_url(base + "/")


def sign_up(page, base, username="ana", password="a long table password"):
    page.goto(base + "/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("button:has-text('Create my account')")
    page.wait_for_url(base + "/")


class Taps:
    """A player's thumb, counted: every tap on the screen, Save included (issue 17's budgets).

    A tap on a field waits for its live update; a number typed is one tap on its field,
    its digits counted apart, as `keys`; so is a text written in a form (`write`). What it
    all costs a person in seconds is tests/e2e/budget.py's.
    """

    SAVE = "button[name=save][value='1']"

    def __init__(self, page):
        self.page, self.count, self.keys = page, 0, 0

    def __call__(self, selector, wait=True, still=False):
        """One tap on `selector` or a Playwright locator (a target found by what it shows).
        `still`: on a target that cannot move (the card grid between its posts, once
        `grid_in_view`), without Playwright's wait for two still frames before it."""
        self.count += 1
        click = self.page.click if isinstance(selector, str) else type(selector).click
        if not wait:
            click(selector, force=still)
            return
        with live_update(self.page):
            click(selector)

    def choice(self, field, value=None):
        """The chip, pill or check box of `field` (with `value`, where there are several)."""
        which = "" if value is None else f"[value='{value}']"
        self(f"label:has(> input[name='{field}']{which})")

    def type(self, field, number):
        self(f"#id_{field}", wait=False)
        self.keys += len(str(number))
        with live_update(self.page):
            self.page.keyboard.type(str(number))
            self.page.dispatch_event(f"#id_{field}", "change")

    def write(self, selector, text):
        """Type `text` into a form's field, tapping it first unless it has the focus."""
        field = self.page.locator(selector)
        if not field.evaluate("element => element === document.activeElement"):
            self(selector, wait=False)
        self.keys += len(text)
        self.page.keyboard.type(text)

    def enter(self, then=None):
        """The keyboard's Enter (a phone's Next or Go): one key, counted with the characters.
        With `then`, it sends the form: wait for the page it leads to."""
        self.keys += 1
        self.page.keyboard.press("Enter")
        if then is not None:
            self.page.wait_for_url(then)
            self.page.wait_for_load_state()

    def go(self, selector, then):
        """Tap a link or a button that leads to another page, and wait for it (`then`)."""
        self(selector, wait=False)
        self.page.wait_for_url(then)
        self.page.wait_for_load_state()

    def seconds(self) -> float:
        return budget.seconds(self.count, self.keys)

    def save(self, board):
        self(self.SAVE, wait=False)
        self.page.wait_for_url(board)
