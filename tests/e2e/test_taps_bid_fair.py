"""Taps for a typical Bid Fair hand, Save included: the scripted hand is entered in the
fewest taps the screen allows, and every tap is counted (issue 17's budgets)."""

import pytest

from games.models import Hand
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import Taps, log_in
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)

# The opening deal of tests/data/examples/bid-fair-opening.json: Ana deals and shows J♥,
# Q♥ is cut, Ana takes 6 cards and Ben 8.
ANA_TOOK = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN_TOOK = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]


@pytest.fixture
def deal(live_server, phone, user):
    """A phone on the first deal of a new Bid Fair game, and where Save lands."""
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    phone.wait_for_load_state()
    return Taps(phone), f"{live_server.url}/games/{game.pk}/"


def save_within_two_screens(page):
    page.evaluate("window.scrollTo(0, 0)")
    return page.locator(Taps.SAVE).bounding_box()["y"] < 2 * PHONE["height"]


def test_a_typical_bid_fair_hand_takes_at_most_18_taps_with_cards(deal):
    thumb, board = deal
    # "Played" and "Card by card" are chosen already, and Ana's cards come first.
    thumb("#bid_0 label:has(input[value='JH'])")
    thumb("#cut label:has(input[value='QH'])")
    for card in ANA_TOOK:
        thumb(f"#deck .bf-slot:has(> input[name='got_{card}'])")
    thumb("#tally label:has(#taker-1)")
    for card in BEN_TOOK:
        thumb(f"#deck .bf-slot:has(> input[name='got_{card}'])")
    assert "Ben makes the contract of 50 with 61" in thumb.page.inner_text("#preview")
    assert save_within_two_screens(thumb.page)
    thumb.save(board)
    assert thumb.count <= 18, thumb.count
    assert sorted(Hand.objects.get().record["captured"]["Ben"]) == sorted(BEN_TOOK)


def test_a_typical_bid_fair_hand_takes_at_most_8_taps_with_points_only(deal):
    thumb, board = deal
    thumb("#bid_0 label:has(input[value='JH'])")
    thumb("#cut .bf-suit:has(input[value='H'])")
    thumb("#count label:has(input[value='points'])")
    thumb.type("points_0", 49)
    thumb.type("points_1", 61)
    assert "Together 110." in thumb.page.inner_text("#points")
    assert save_within_two_screens(thumb.page)
    thumb.save(board)
    assert thumb.count <= 8 and thumb.keys == 4, (thumb.count, thumb.keys)
    assert Hand.objects.get().record["points"] == {"Ana": 49, "Ben": 61}


def test_a_redeal_takes_two_taps(deal):
    thumb, board = deal
    thumb("#kind label:has-text('Both passed')")
    thumb.save(board)
    assert thumb.count == 2 and Hand.objects.get().record == {"redeal": True}
