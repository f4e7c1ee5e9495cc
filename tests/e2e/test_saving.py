"""Save on a bad connection (static/js/saving.js): one tap, one hand, whatever the fingers do.

A save is held on its way (tests/e2e/network.py) for as long as the test needs, as on a
phone at the table with one bar of signal, whatever the speed of the machine.
"""

import pytest

from games.models import Hand
from tests.e2e import typical
from tests.e2e.helpers import log_in
from tests.e2e.network import SAVE, held, is_save, save_spot, saves_sent
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)


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


# The page is leaving for the save's answer: Playwright cannot read it until the answer
# lands. What the Save button says, and every touch, is noted in the tab's sessionStorage.
WATCH = """sel => { const button = document.querySelector(sel);
  const note = (what) =>
    sessionStorage.setItem("noted", (sessionStorage.getItem("noted") || "") + what + ";");
  new MutationObserver(() => note(button.textContent + (button.disabled ? " (disabled)" : "")))
    .observe(button, {attributes: true, childList: true, characterData: true, subtree: true});
  window.addEventListener("touchstart", () => note("touch"), true); }"""


@pytest.mark.parametrize("filled_hand", typical.GAMES, indirect=True)
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


@pytest.mark.parametrize("filled_hand", typical.GAMES, indirect=True)
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
