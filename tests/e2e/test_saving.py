"""Save on a slow connection (static/js/saving.js): one tap, one hand, whatever the fingers do.

The network is slowed through Chromium's DevTools protocol, as a phone at the table
with one bar of signal is: every request takes over a second.
"""

import time

import pytest

from games.models import Hand
from tests.e2e import typical
from tests.e2e.helpers import log_in
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)

SAVE = "button[name=save][value='1']"


@pytest.fixture
def slow_hand(live_server, phone, user, request):
    """A phone on hand 1 of a new game, filled in, its network then slowed."""
    kind = getattr(request, "param", "tridge")
    game = typical.start(user, kind)
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/games/{game.pk}/hands/new/")
    typical.fill(phone, kind)
    slow_down(phone)
    return phone, f"{base}/games/{game.pk}/"


def watch_save_button(page, *after_ms):
    """Note the Save button's words and state at these times after a Save, in the tab's
    sessionStorage: Playwright cannot read a page that is leaving for another."""
    page.evaluate(
        """([sel, times]) => window.addEventListener("submit", () => times.forEach(ms =>
            setTimeout(() => { const b = document.querySelector(sel);
              sessionStorage.setItem("save@" + ms, b.textContent + "|" + b.disabled); }, ms)),
            {once: true})""",
        [SAVE, list(after_ms)],
    )


def noted(page, ms):
    return page.evaluate("key => sessionStorage.getItem(key)", f"save@{ms}")


def slow_down(page, offline=False, latency=1500):
    """Slow the page's network down, or cut it (its other settings kept, where
    Playwright's set_offline, on a session of its own, would undo them)."""
    if not hasattr(page, "devtools"):
        page.devtools = page.context.new_cdp_session(page)
        page.devtools.send("Network.enable")
    cdp = page.devtools
    conditions = {"offline": offline, "latency": latency, "downloadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", conditions | {"uploadThroughput": -1})


def save_spot(page, button=SAVE):
    """Where Save is on the screen: a finger taps there even while the page is leaving,
    where Playwright's own tap would wait for the navigation to finish."""
    page.locator(button).scroll_into_view_if_needed()
    box = page.locator(button).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def saves_sent(page):
    sent = []
    page.on(
        "request",
        lambda r: sent.append(r) if r.method == "POST" and "save=1" in (r.post_data or "") else 0,
    )
    return sent


@pytest.mark.parametrize("slow_hand", typical.GAMES, indirect=True)
def test_a_double_tap_on_save_sends_one_save_and_stores_one_hand(slow_hand):
    page, board = slow_hand
    sent = saves_sent(page)
    middle = save_spot(page)
    watch_save_button(page, 500)
    began = time.perf_counter()
    page.touchscreen.tap(*middle)
    page.touchscreen.tap(*middle)  # the second tap of a double tap
    page.wait_for_url(board)
    assert time.perf_counter() - began > 1.5  # the network was slow
    assert noted(page, 500) == "Saving...|true"
    assert len(sent) == 1
    assert Hand.objects.count() == 1


@pytest.mark.parametrize("slow_hand", typical.GAMES, indirect=True)
def test_back_after_a_save_and_save_again_stores_the_hand_once(slow_hand):
    page, board = slow_hand
    entry = page.url
    page.click(SAVE)
    page.wait_for_url(board)
    page.go_back()
    page.wait_for_url(entry)
    page.wait_for_load_state()
    page.click(SAVE)  # whatever Back showed: the form as sent, or the next hand's
    page.wait_for_load_state()
    page.wait_for_timeout(3500)  # the slowed answer, if it was sent
    assert Hand.objects.count() == 1


def test_a_double_tap_on_bid_fairs_redeal_on_the_board_stores_one_redeal(live_server, phone, user):
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    base = live_server.url
    log_in(phone, base)
    board = f"{base}/games/{game.pk}/"
    phone.goto(board)
    slow_down(phone)
    sent = saves_sent(phone)
    middle = save_spot(phone, "#board-action button[name=save]")
    with phone.expect_navigation(url=board):  # by way of the new hand's page
        phone.touchscreen.tap(*middle)
        phone.touchscreen.tap(*middle)
    assert len(sent) == 1
    assert [hand.record for hand in game.hands.all()] == [{"redeal": True}]
