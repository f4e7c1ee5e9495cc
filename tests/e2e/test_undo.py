"""Taking a change back at the table, in Chromium at a phone's size, in all four games
(typical.HALF): the board's "Hand N saved · Undo", a deleted hand put back, an earlier
version restored from a hand's history, and a one-tap redeal over a scored hand that asks
first."""

import json

import pytest
from playwright.sync_api import expect

from games.models import Hand
from tests.e2e import typical
from tests.e2e.helpers import log_in, save, tap
from tests.sheets import EXAMPLES

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

# Another valid hand 1 for each game, on record before a correction to the typical one.
EARLIER = {
    "tridge": {"passed": True},
    "contractor": {"redeal": True},
    "bid_fair": {"redeal": True},
    "cardigan": json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"][0],
}
# What the game calls a hand, as the board's line says it.
WORD = {"tridge": "Hand", "contractor": "Hand", "bid_fair": "Hand", "cardigan": "Deal"}


@pytest.fixture
def table(live_server, phone, user):
    log_in(phone, live_server.url)
    return phone, live_server.url


def undo_line(page):
    return page.locator(".messages .undo")


@pytest.mark.parametrize("kind", typical.HALF)
def test_a_hand_saved_is_undone_from_the_board_and_put_back_from_the_deleted_hands(
    table, user, kind, shoot, axe
):
    page, base = table
    game = typical.start(user, kind)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    typical.fill(page, kind)
    save(page, base, game.pk)
    word = WORD[kind]
    assert undo_line(page).inner_text() == f"{word} 1 saved · Undo"
    shoot(page, f"undo-board-{kind}")
    axe(page, "the board with its Undo line")
    record = Hand.objects.get(game=game).record

    # Undo answers on the board's own address: wait for the new page, not the address.
    with page.expect_navigation():
        page.locator(".messages .undo button").click()
    assert not Hand.objects.filter(game=game).exists()
    assert undo_line(page).inner_text() == f"{word} 1 deleted · Undo"

    page.click("details.deleted summary")
    shoot(page, f"undo-deleted-{kind}")
    with page.expect_navigation():
        page.click(f"button:has-text('Put back {word.lower()} 1')")
    assert Hand.objects.get(game=game).record == record
    assert undo_line(page).inner_text() == f"{word} 1 put back · Undo"
    assert page.locator("details.deleted").count() == 0


@pytest.mark.parametrize("kind", typical.OTHER_HALF)
def test_a_correction_is_taken_back_by_restoring_the_earlier_version_from_history(
    table, user, kind, shoot, axe
):
    page, base = table
    game = typical.start(user, kind, hands=[EARLIER[kind]])
    page.goto(f"{base}/games/{game.pk}/hands/1/")
    if kind in ("tridge", "bid_fair"):  # a hand passed or redealt: played, this time
        tap(page, "#kind label:has(input[value='played'])")
    typical.fill(page, kind)
    save(page, base, game.pk)
    assert undo_line(page).inner_text() == f"{WORD[kind]} 1 corrected · Undo"
    assert Hand.objects.get(game=game).record != EARLIER[kind]

    page.goto(f"{base}/games/{game.pk}/hands/1/history/")
    shoot(page, f"undo-history-{kind}")
    axe(page, "a hand's history with Restore")
    page.click("button:has-text('Restore this version')")
    page.wait_for_url(f"{base}/games/{game.pk}/")
    assert Hand.objects.get(game=game).record == EARLIER[kind]
    assert undo_line(page).inner_text() == f"{WORD[kind]} 1 back to version 1 · Undo"


def test_the_undo_line_goes_after_ten_seconds(table, user):
    page, base = table
    game = typical.start(user, "tridge")
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    typical.fill(page, "tridge")
    save(page, base, game.pk)
    assert undo_line(page).is_visible()
    page.mouse.move(0, 0)  # a finger resting on the line holds it
    # A CSS animation times it: seeked to a moment, not waited for.
    at_second(page, 9)
    expect(undo_line(page)).to_be_visible()
    at_second(page, 10)
    expect(undo_line(page)).to_be_hidden()


def at_second(page, second):
    """Every animation of the page at `second` seconds from its start."""
    page.evaluate("ms => document.getAnimations().forEach(a => a.currentTime = ms)", second * 1000)


def test_a_redeal_over_a_scored_hand_asks_and_keep_it_changes_nothing(table, user, shoot):
    page, base = table
    game = typical.start(user, "contractor")
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    typical.fill(page, "contractor")
    save(page, base, game.pk)
    scored = Hand.objects.get(game=game).record

    page.goto(f"{base}/games/{game.pk}/hands/1/")
    page.click("button.redeal")
    question = page.locator(".confirm")
    assert "This replaces hand 1 (Ana" in question.inner_text()
    assert "Replace it?" in question.inner_text()
    shoot(page, "undo-redeal-asks")
    with page.expect_navigation():  # back to the hand's own address
        page.click("a:has-text('Keep it')")
    assert Hand.objects.get(game=game).record == scored

    page.click("button.redeal")
    page.click("button:has-text('Replace it')")
    page.wait_for_url(f"{base}/games/{game.pk}/")
    assert Hand.objects.get(game=game).record == {"redeal": True}
    assert undo_line(page).inner_text() == "Hand 1 corrected · Undo"
