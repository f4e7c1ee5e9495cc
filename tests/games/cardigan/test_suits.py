"""The last deal's full suits (games/cardigan/suits.py): asked only when the app cannot count
them, answered as chips (a tap for a team that made any, None one tap), never assumed."""

import pytest

from tests.games.cardigan.cardigan_sheets import AC, deal, quick
from tests.games.cardigan.test_forms import EXAMPLE, RECORDS, as_post, form_for
from tests.tables import make_game

pytestmark = pytest.mark.django_db


def full_suits_post(**changes):
    post = as_post(quick(EXAMPLE[3]), number=4)
    return post | {f"full_{t}_{s}": "" for t in (0, 1) for s in "DCHS"} | changes


@pytest.fixture
def quick_game(user):
    return make_game(user, kind="cardigan", hands=[quick(hand) for hand in EXAMPLE[:3]])


def test_the_last_deal_cannot_be_saved_until_the_full_suits_are_answered(quick_game):
    unanswered = form_for(quick_game, full_suits_post(), number=4)
    assert not unanswered.is_valid() and "None is a tap" in unanswered.errors["full_none"][0]
    none = form_for(quick_game, full_suits_post(full_none="on"), number=4)
    assert none.is_valid(), none.errors
    assert none.sheet_top()["full_suits"][AC] == {"D": 0, "C": 0, "H": 0, "S": 0}
    some = form_for(quick_game, full_suits_post(full_0_H="1"), number=4)
    assert some.is_valid() and some.sheet_top()["full_suits"][AC]["H"] == 1
    both = form_for(quick_game, full_suits_post(full_none="on", full_0_H="1"), number=4)
    assert not both.is_valid() and "which is it" in both.errors["full_none"][0]


def test_full_suits_are_asked_only_with_the_last_deal_of_a_game_with_counted_cards(user):
    cards_only = make_game(user, kind="cardigan", hands=EXAMPLE[:3])
    assert not form_for(cards_only, as_post(RECORDS[0], number=4), number=4).asks_full_suits
    quick_last = form_for(cards_only, as_post(RECORDS[2], number=4), number=4)
    assert quick_last.asks_full_suits
    early = make_game(user, kind="cardigan", hands=[quick(deal())])
    assert not form_for(early, as_post(RECORDS[2], number=2), number=2).asks_full_suits


def test_two_full_suits_of_a_kind_are_one_tap_and_show_their_bonus(quick_game):
    form = form_for(quick_game, full_suits_post(full_0_S="2"), number=4)
    spades = form.full_suit_rows()[3]
    ours, theirs = spades["lines"]
    assert [chip["n"] for chip in ours["chips"]] == [0, 1, 2, 3, 4]
    assert [chip["checked"] for chip in ours["chips"]] == [False, False, True, False, False]
    assert (ours["bonus"], theirs["bonus"]) == (12000, 0)
    assert not any(chip["checked"] for chip in theirs["chips"])  # untouched: no answer, no 0


def test_a_count_past_what_the_four_packs_make_is_greyed_out_and_says_why(quick_game):
    form = form_for(quick_game, full_suits_post(full_0_H="3"), number=4)
    theirs = form.full_suit_rows()[2]["lines"][1]
    refused = [chip["n"] for chip in theirs["chips"] if chip["why"]]
    assert refused == [2, 3, 4]
    assert theirs["chips"][2]["why"].startswith("At most 1: the four packs make four full hearts")
