"""Save on a bad connection (static/js/saving.js): one tap, one hand, whatever the fingers do.

A save is held on its way (tests/e2e/network.py) for as long as the test needs, as on a
phone at the table with one bar of signal, whatever the speed of the machine; or its
connection is cut, before or after the server stored it: the page keeps the app's own
words and what was entered, never the browser's error page, and the next tap stores it.
"""

import time
from urllib.parse import parse_qs

import pytest

from games.models import Hand
from tests.e2e import typical
from tests.e2e.helpers import log_in
from tests.e2e.network import SAVE, held, is_save, save_spot, saves_sent, until
from tests.tables import BEN_WINS, make_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


@pytest.fixture
def filled_hand(live_server, phone, user, request):
    """A phone on hand 1 of a new game, filled in."""
    kind = getattr(request, "param", "tridge")
    game = typical.start(user, kind)
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/games/{game.pk}/hands/new/")
    typical.fill(phone, kind)
    return phone, f"{base}/games/{game.pk}/"


NO_ANSWER = "No answer from the server: this hand is kept here."
NO_ANSWER_MS = 4_000  # sending.js's NO_ANSWER_MS: a new hand's save is then kept
ENTERED = """() => { const out = [];
  new FormData(document.querySelector('#entry form')).forEach((value, name) => {
    if (name !== 'csrfmiddlewaretoken') out.push([name, value]); });
  return out; }"""


def cut_off(page, stored):
    """The first save's connection breaks: on its way out, or (`stored`) on its way back,
    once the server has stored the hand. The requests cut are listed as they come."""
    cut = []

    def route(route):
        if cut or not is_save(route.request):
            route.fallback()
            return
        cut.append(route.request)
        if stored:
            route.fetch(max_redirects=0)
        route.abort("connectionreset")

    page.route("**/hands/**", route)
    return cut


def opens_the_next_hand(page, board):
    """The board's Add opens the next hand's form, and stays there: nothing pending is sent."""
    page.goto(board)
    sent = saves_sent(page)
    page.click("a[href$='/hands/new/']")
    page.wait_for_load_state()
    page.locator(SAVE).wait_for()
    assert "2" in page.inner_text("#entry-title")
    assert sent == [] and page.url == f"{board}hands/new/"


# The page is leaving for the save's answer: Playwright cannot read it until the answer
# lands. What the Save button says, and every touch, is noted in the tab's sessionStorage.
WATCH = """sel => { const button = document.querySelector(sel);
  const note = (what) =>
    sessionStorage.setItem("noted", (sessionStorage.getItem("noted") || "") + what + ";");
  new MutationObserver(() => note(button.textContent + (button.disabled ? " (disabled)" : "")))
    .observe(button, {attributes: true, childList: true, characterData: true, subtree: true});
  window.addEventListener("touchstart", () => note("touch"), true); }"""


@pytest.mark.parametrize("filled_hand", typical.HALF, indirect=True)
def test_a_double_tap_on_save_sends_one_save_and_stores_one_hand(filled_hand):
    page, board = filled_hand
    sent = saves_sent(page)
    middle = save_spot(page)
    page.evaluate(WATCH, SAVE)
    with held(page, is_save) as save:
        page.touchscreen.tap(*middle)
        save.wait()
        page.touchscreen.tap(*middle)  # the second tap of a double tap, the save on its way
        save.release()
        page.wait_for_url(board)
    noted = page.evaluate("sessionStorage.getItem('noted')").split(";")
    assert noted.count("touch") == 2 and "Saving... (disabled)" in noted
    assert len(sent) == 1
    assert Hand.objects.count() == 1


@pytest.mark.parametrize("filled_hand", typical.OTHER_HALF, indirect=True)
def test_back_after_a_save_and_save_again_stores_the_hand_once(filled_hand):
    page, board = filled_hand
    entry = page.url
    page.click(SAVE)
    page.wait_for_url(board)
    page.go_back()
    page.wait_for_url(entry)
    page.wait_for_load_state()
    # Whatever Back showed (the form as sent, or the next hand's), Save sends it: the
    # answer is waited for, not a time.
    with page.expect_response(lambda response: is_save(response.request)):
        page.click(SAVE)
    page.wait_for_load_state()
    assert Hand.objects.count() == 1


def test_a_double_tap_on_bid_fairs_redeal_on_the_board_stores_one_redeal(live_server, phone, user):
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    base = live_server.url
    log_in(phone, base)
    board = f"{base}/games/{game.pk}/"
    phone.goto(board)
    sent = saves_sent(phone)
    middle = save_spot(phone, "#board-action button[name=save]")
    with held(phone, is_save) as redeal, phone.expect_navigation(url=board):
        phone.touchscreen.tap(*middle)
        redeal.wait()
        phone.touchscreen.tap(*middle)
        redeal.release()
    assert len(sent) == 1
    assert [hand.record for hand in game.hands.all()] == [{"redeal": True}]


@pytest.mark.parametrize(
    ("filled_hand", "stored"),
    [(kind, False) for kind in typical.HALF] + [(kind, True) for kind in typical.OTHER_HALF],
    ids=lambda value: {False: "on-its-way-out", True: "on-its-way-back"}.get(value, value),
    indirect=["filled_hand"],
)
def test_a_new_hands_save_whose_connection_breaks_is_kept_and_stored_once_by_itself(
    filled_hand, stored
):
    page, board = filled_hand
    cut = cut_off(page, stored)
    sent = saves_sent(page)
    with page.expect_navigation(url=board):  # no tap: sent again at once, with its key
        page.click(SAVE)
    assert len(cut) == 1 and len(sent) == 2
    assert parse_qs(sent[0].post_data)["submission"] == parse_qs(sent[1].post_data)["submission"]
    assert Hand.objects.count() == 1
    opens_the_next_hand(page, board)


def test_a_corrections_save_whose_connection_breaks_says_so_and_the_next_tap_stores_it(
    live_server, phone, user, shoot
):
    # A correction is not kept on the phone (only new hands are): its form stays, and says so.
    game = typical.start(user, "tridge", hands=[BEN_WINS])
    log_in(phone, live_server.url)
    board = f"{live_server.url}/games/{game.pk}/"
    phone.goto(f"{board}hands/1/")
    typed = phone.evaluate(ENTERED)
    cut = cut_off(phone, stored=False)
    phone.click(SAVE)
    phone.locator("#connection").get_by_text(NO_ANSWER).wait_for()
    assert phone.evaluate(ENTERED) == typed and len(cut) == 1
    assert phone.inner_text(SAVE) == "Save again" and phone.is_enabled(SAVE)
    phone.click(SAVE)
    phone.wait_for_url(board)
    assert Hand.objects.get().version == 2


@pytest.mark.parametrize("filled_hand", ["contractor"], indirect=True)
def test_a_save_with_no_answer_in_4_seconds_is_kept_and_its_late_arrival_stores_nothing_twice(
    filled_hand, shoot
):
    page, board = filled_hand
    now = int(time.time() * 1000)  # saving.js's timers run on the test's clock, stopped
    page.clock.install(time=now)
    page.clock.pause_at(now + 1)
    sent = saves_sent(page)
    with held(page, is_save, first=1) as slow:
        page.click(SAVE)
        slow.wait()
        assert page.inner_text(SAVE) == "Saving..." and not page.is_enabled(SAVE)
        page.clock.run_for(NO_ANSWER_MS - 1)
        assert page.inner_text("#entry-title") == "Hand 1"
        with page.expect_navigation(url=board):  # kept, then sent again by itself
            page.clock.run_for(1)
    until(page, lambda: len(sent) == 2, "both saves")
    assert parse_qs(sent[0].post_data)["submission"] == parse_qs(sent[1].post_data)["submission"]
    assert Hand.objects.count() == 1
    # The first save reaches the server at last (the phone no longer waits for it): its key
    # is stored, and it is answered as stored, changing nothing.
    late = page.request.post(
        board + "hands/new/",
        data=sent[0].post_data,
        headers={"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"},
        max_redirects=0,
    )
    assert late.headers.get("hx-redirect") and Hand.objects.count() == 1
