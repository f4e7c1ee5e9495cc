"""Every way of entering a hand, with no signal (static/js/queue.js, games/play/offline.py).

Online a choice that changes the form's shape (Bid Fair's points only, Cardigan's counts,
Tridge's in-comer...) is answered by the server; with no signal no answer comes, so the
form must hold every way already, the radios alone showing the one chosen. Each test opens
a new hand's page, loses the signal, enters hands each a different way on the forms the
page carries, and finds them stored as entered when the signal returns. Past the game's
last hand, where the game knows it, the phone draws no form.
"""

import pytest
from playwright.sync_api import expect

from games.models import Hand
from tests.e2e.helpers import log_in
from tests.e2e.offline_hands import SAVE, click, queued
from tests.tables import make_game

pytestmark = [pytest.mark.django_db(transaction=True)]


def offline_at(page, base, game):
    """The game's new hand open on a phone that has just lost its signal."""
    log_in(page, base)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    page.wait_for_load_state()
    page.context.set_offline(True)
    return page


def saved(page, word, number):
    """Save tapped offline: the hand is kept, and the next one's form is there at once."""
    click(page, SAVE)
    expect(page.locator("#entry-title")).to_have_text(f"{word} {number + 1}")


def back_online(page, base, game):
    """The signal returns: the kept hands are sent, and the board comes."""
    with page.expect_navigation(url=f"{base}/games/{game.pk}/", timeout=60_000):
        page.context.set_offline(False)
    assert queued(page) == []
    return [hand.record for hand in Hand.objects.filter(game=game).order_by("number")]


# --- Bid Fair: card by card, points only, a redeal --------------------------------------------
ANA_TOOK = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN_TOOK = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]


def test_bid_fair_with_no_signal_takes_points_only_on_a_form_drawn_card_by_card(
    live_server, phone, user
):
    base = live_server.url
    game = make_game(user, "bid_fair", ("Ana", "Ben"))
    page = offline_at(phone, base, game)
    # Hand 1: the form came card by card; Points only shows the points at the tap alone.
    expect(page.locator("#points")).to_be_hidden()
    click(page, "#count label:has(input[value='points'])")
    expect(page.locator("#points")).to_be_visible()
    expect(page.locator("#captured")).to_be_hidden()
    click(page, "#bid_0 input[value='JH']")
    click(page, "#cut .bf-suit input[value='S']")
    page.fill("#id_points_0", "40")
    page.fill("#id_points_1", "71")
    saved(page, "Hand", 1)
    # Hand 2: card by card, as the form came; the taps give each card to the player picked.
    expect(page.locator("#captured")).to_be_visible()
    click(page, "#cut input[value='QH']")
    for card in ANA_TOOK:
        click(page, f"#deck .bf-slot:has(> input[name='got_{card}'])")
    click(page, "#tally label:has(#taker-1)")
    for card in BEN_TOOK:
        click(page, f"#deck .bf-slot:has(> input[name='got_{card}'])")
    saved(page, "Hand", 2)
    # Hand 3: both passed; the deal's cards go out of sight.
    click(page, "#kind label:has-text('Both passed')")
    expect(page.locator("#cut")).to_be_hidden()
    saved(page, "Hand", 3)
    assert [hand["number"] for hand in queued(page)] == [1, 2, 3]

    assert back_online(page, base, game) == [
        {"bids": {"Ana": "JH"}, "trump": "S", "points": {"Ana": 40, "Ben": 71}},
        {
            "cut": "QH",
            "captured": {
                "Ana": ["9S", "AS", "10D", "KD", "9C", "QC"],
                "Ben": ["QS", "KS", "9D", "JD", "QD", "AD", "KC", "AC"],
            },
        },
        {"redeal": True},
    ]
