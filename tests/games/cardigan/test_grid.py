"""The Cardigan grid: the rest of the last deal in one tap (only there), no 53rd card."""

import pytest

from games.engine.cards import RANKS, deck, face
from tests.games.cardigan.real_decks import real_game
from tests.games.cardigan.test_forms import EXAMPLE, RECORDS, as_post, form_for
from tests.tables import make_game

pytestmark = pytest.mark.django_db


def test_in_the_last_deal_the_rest_is_what_the_packs_left_once_the_others_hold_cards(user):
    game = make_game(user, kind="cardigan", hands=EXAMPLE[:3])
    post = as_post(RECORDS[0], number=4, cards_0="", cards_1="2C", team="1", give_rest="1")
    form = form_for(game, post, number=4)
    assert form.rest_is_known
    assert form.cards_total() == 52 and form["cards_1"].value() == "2C"
    assert form["cards_0"].value() == " ".join(c for c in deck(RANKS, "SHDC") if c != "2C")


def test_before_the_last_deal_no_rest_is_offered_or_given_the_deck_being_unknown(user):
    game = make_game(user, kind="cardigan")
    post = as_post(RECORDS[0], cards_0="AS AS 10D", cards_1="", team="0", give_rest="1")
    form = form_for(game, post)
    assert form.card_totals() == [3, 0] and form.rest_offer() is None


def test_a_53rd_card_cannot_be_tapped_and_the_screen_says_why(user):
    game = make_game(user, kind="cardigan")
    full = as_post(RECORDS[0], team="0", tap="AS")
    form = form_for(game, full)
    assert form.cards_total() == 52 and "All 52 are in" in form.grid_note()
    cells = {cell["card"]: cell for row in form.grid() for cell in row}
    # Ana & Cy hold no 2 of clubs: nothing to add, nothing to take back.
    assert cells["2C"]["off"] and not cells["AS"]["off"]


def test_a_greyed_card_says_why_no_copy_of_it_is_left_for_the_last_deal(user):
    hands = real_game(1)
    game = make_game(user, kind="cardigan", hands=hands[:3])
    form = form_for(game, as_post(RECORDS[0], number=4, cards_0="", cards_1=""), number=4)
    cells = {cell["card"]: cell for row in form.grid() for cell in row}
    gone = [card for card, n in form.most.items() if n == 0]
    assert gone and all(cells[card]["off"] for card in gone)
    assert cells[gone[0]]["why"] == (
        f"No {face(gone[0])} left: the four packs hold 4 and all 4 are taken."
    )
    assert all(not cell["why"] for card, cell in cells.items() if card not in gone)
