"""Taps for a typical Bid Fair hand, Save included: the scripted hand is entered in the
fewest taps the screen allows, and every tap is counted (issue 17's budgets)."""

import pytest

from games.models import Hand
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import live_update, log_in
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)

SAVE = "button[name=save][value='1']"
# The opening deal of shared/examples/bid-fair-opening.json: Ana deals and shows J♥,
# Q♥ is cut, Ana takes 6 cards and Ben 8.
ANA_TOOK = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN_TOOK = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]


class Thumb:
    """Taps as a player makes them, each counted; a number typed is one tap on its field
    and a key a digit on the phone's number pad (counted apart, as `keys`)."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.keys = 0

    def tap(self, selector):
        self.taps += 1
        with live_update(self.page):
            self.page.click(selector)

    def type(self, field, number):
        self.taps += 1
        self.page.click(f"#id_{field}")
        self.keys += len(str(number))
        with live_update(self.page):
            self.page.keyboard.type(str(number))
            self.page.dispatch_event(f"#id_{field}", "change")

    def save(self, board):
        self.taps += 1
        self.page.click(SAVE)
        self.page.wait_for_url(board)


@pytest.fixture
def deal(live_server, phone, user):
    """A phone on the first deal of a new Bid Fair game, and where Save lands."""
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    phone.wait_for_load_state()
    return Thumb(phone), f"{live_server.url}/games/{game.pk}/"


def save_within_two_screens(page):
    page.evaluate("window.scrollTo(0, 0)")
    return page.locator(SAVE).bounding_box()["y"] < 2 * PHONE["height"]


def test_a_typical_bid_fair_hand_takes_at_most_18_taps_with_cards(deal):
    thumb, board = deal
    # "Played" and "Card by card" are chosen already, and Ana's cards come first.
    thumb.tap("#bid_0 label:has(input[value='JH'])")
    thumb.tap("#cut label:has(input[value='QH'])")
    for card in ANA_TOOK:
        thumb.tap(f"#deck .bf-slot:has(> input[name='got_{card}'])")
    thumb.tap("#tally label:has(#taker-1)")
    for card in BEN_TOOK:
        thumb.tap(f"#deck .bf-slot:has(> input[name='got_{card}'])")
    assert "Ben makes the contract of 50 with 61" in thumb.page.inner_text("#preview")
    assert save_within_two_screens(thumb.page)
    thumb.save(board)
    assert thumb.taps <= 18, thumb.taps
    assert sorted(Hand.objects.get().record["captured"]["Ben"]) == sorted(BEN_TOOK)


def test_a_typical_bid_fair_hand_takes_at_most_8_taps_with_points_only(deal):
    thumb, board = deal
    thumb.tap("#bid_0 label:has(input[value='JH'])")
    thumb.tap("#cut .bf-suit:has(input[value='H'])")
    thumb.tap("#count label:has(input[value='points'])")
    thumb.type("points_0", 49)
    thumb.type("points_1", 61)
    assert "Together 110." in thumb.page.inner_text("#points")
    assert save_within_two_screens(thumb.page)
    thumb.save(board)
    assert thumb.taps <= 8 and thumb.keys == 4, (thumb.taps, thumb.keys)
    assert Hand.objects.get().record["points"] == {"Ana": 49, "Ben": 61}


def test_a_redeal_takes_two_taps(deal):
    thumb, board = deal
    thumb.tap("#kind label:has-text('Both passed')")
    thumb.save(board)
    assert thumb.taps == 2 and Hand.objects.get().record == {"redeal": True}
