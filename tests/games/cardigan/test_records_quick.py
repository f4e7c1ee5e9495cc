"""What a Cardigan sheet may and may not say in quick mode: card counts instead of cards,
each rank's total over the game, and the full suits once the fourth deal is in
(docs/SHEET.md#cardigan)."""

import pytest

from tests.games.cardigan.cardigan_sheets import (
    AC,
    BD,
    PACK,
    deal,
    full_suits_of,
    game,
    quick,
    quick_game,
    refused,
    score,
)
from tests.games.cardigan.test_records import (
    COUNTS,
    GOOD,
    NO_SUITS,
    NONE,
    changed,
    counts_hand,
    without,
)
from tests.sheets import scored

# --- quick mode -------------------------------------------------------------


def test_a_deal_may_give_card_counts_instead_of_cards():
    assert score(quick(GOOD))["hands"][0]["breakdown"] == score(GOOD)["hands"][0]["breakdown"]


@pytest.mark.parametrize(
    ("bad_hand", "field", "words"),
    [
        (counts_hand({**COUNTS, "5": -1}), "card_counts.Ana & Cy.5", "at least 0"),
        (counts_hand({**COUNTS, "5": 17}), "card_counts.Ana & Cy.5", "at most 16"),
        (counts_hand({**COUNTS, "5": "2"}), "card_counts.Ana & Cy.5", "whole number"),
        (counts_hand({**COUNTS, "9": 1}), "card_counts.Ana & Cy.9", "not a field"),
        (
            counts_hand({k: v for k, v in COUNTS.items() if k != "10"}),
            "card_counts.Ana & Cy.10",
            "is missing",
        ),
        (counts_hand([2] * 6), "card_counts.Ana & Cy", "JSON object"),
        (changed(cards=None), "cards", "JSON object"),
        ({**without("cards"), "card_counts": {AC: COUNTS}}, "card_counts.Ben & Dee", "is missing"),
        (
            {**without("cards"), "card_counts": {AC: COUNTS, BD: COUNTS, "X & Y": COUNTS}},
            "card_counts.X & Y",
            "not a team",
        ),
        # Ana & Cy take 6 tricks: at most 24 counted cards, plus discards received.
        (
            counts_hand({**COUNTS, "A": 15}),
            "card_counts.Ana & Cy",
            "25 counted cards, but 6 tricks and 0 discards received hold at most 24",
        ),
        (
            counts_hand({**COUNTS, "A": 16}, discards={AC: 1}),
            "card_counts.Ana & Cy",
            "26 counted cards, but 6 tricks and 1 discards received hold at most 25",
        ),
    ],
)
def test_bad_card_counts_are_refused_naming_the_field(bad_hand, field, words):
    error = refused(game(bad_hand))
    assert (error.field, error.hand) == (field, 1)
    assert words in error.message


def test_card_counts_within_a_teams_limit_are_accepted():
    assert score(counts_hand({**COUNTS, "A": 12}))
    assert score(counts_hand({**COUNTS, "A": 13}, discards={AC: 1}))


def test_a_deal_counts_no_more_than_52_cards():
    many = {"A": 16, "K": 16, "Q": 16, "J": 4, "10": 0, "5": 0}
    one_five = {**NONE, "5": 1}
    hand = counts_hand(many, one_five, declarer="Ana", tricks=13, discards={BD: 1})
    error = refused(game(hand))
    assert (error.field, error.hand) == ("card_counts", 1)
    assert "53 counted cards, a deal has 52" in error.message


def test_each_rank_comes_at_most_16_times_over_the_game_counting_cards_and_counts():
    # One whole pack has four aces; Ana & Cy count 13 more in the other deal.
    aces = counts_hand({**COUNTS, "A": 13}, NONE, declarer="Ana", tricks=13)
    error = refused(game(GOOD, aces))
    assert (error.field, error.hand) == ("card_counts", 2)
    assert "17 aces over the game, the packs have 16" in error.message
    error = refused(game(aces, GOOD))
    assert (error.field, error.hand) == ("cards", 2)
    assert "17 aces" in error.message


def test_fewer_than_16_of_a_rank_are_fine_until_the_fourth_deal():
    few_fives = {**COUNTS, "5": 1}
    assert score(counts_hand(few_fives), GOOD, GOOD)


def test_each_rank_comes_exactly_16_times_once_the_fourth_deal_is_in():
    few_fives = counts_hand({**COUNTS, "5": 1})
    error = refused(game(few_fives, quick(GOOD), quick(GOOD), quick(GOOD)))
    assert (error.field, error.hand) == ("card_counts", 4)
    assert "15 fives over the game, the packs have 16" in error.message
    error = refused(game(few_fives, GOOD, GOOD, GOOD))
    assert (error.field, error.hand) == ("cards", 4)


# --- full suits and the end -------------------------------------------------


def test_a_quick_game_enters_its_full_suits_once_the_fourth_deal_is_in():
    data = quick_game(GOOD, GOOD, GOOD, GOOD)
    assert scored(data)["full_suits"] == score(GOOD, GOOD, GOOD, GOOD)["full_suits"]


def test_full_suits_are_required_once_a_quick_game_has_four_deals():
    data = quick_game(GOOD, GOOD, GOOD, GOOD)
    del data["full_suits"]
    error = refused(data)
    assert (error.field, error.hand) == ("full_suits", None)
    assert "is missing" in error.message


def test_one_quick_deal_makes_the_full_suits_required():
    data = game(GOOD, GOOD, GOOD, quick(GOOD))
    assert refused(data).field == "full_suits"
    data["full_suits"] = full_suits_of([GOOD] * 4)
    assert scored(data)["finished"]


def test_full_suits_are_refused_when_every_deal_has_its_cards():
    error = refused(game(GOOD, GOOD, GOOD, GOOD, full_suits={AC: NO_SUITS, BD: NO_SUITS}))
    assert (error.field, error.hand) == ("full_suits", None)
    assert "counted from the cards" in error.message


def test_full_suits_are_refused_before_the_fourth_deal():
    data = game(quick(GOOD), full_suits={AC: NO_SUITS, BD: NO_SUITS})
    error = refused(data)
    assert (error.field, error.hand) == ("full_suits", None)
    assert "once deal 4 is in" in error.message


def quick_four(full_suits, ac=None, bd=None):
    """Four quick deals in which the teams count `ac` and `bd` of each rank each deal."""
    ac = COUNTS if ac is None else ac
    bd = COUNTS if bd is None else bd
    return game(*[counts_hand(ac, bd)] * 4, full_suits=full_suits)


@pytest.mark.parametrize(
    ("full_suits", "field", "words"),
    [
        ([], "full_suits", "JSON object"),
        ({AC: NO_SUITS}, "full_suits.Ben & Dee", "is missing"),
        ({AC: NO_SUITS, BD: NO_SUITS, "Ana & Ben": NO_SUITS}, "full_suits.Ana & Ben", "not a team"),
        ({AC: {"D": 0, "C": 0, "H": 0}, BD: NO_SUITS}, "full_suits.Ana & Cy.S", "is missing"),
        ({AC: {**NO_SUITS, "X": 0}, BD: NO_SUITS}, "full_suits.Ana & Cy.X", "not a field"),
        ({AC: {**NO_SUITS, "D": 5}, BD: NO_SUITS}, "full_suits.Ana & Cy.D", "at most 4"),
        ({AC: {**NO_SUITS, "D": -1}, BD: NO_SUITS}, "full_suits.Ana & Cy.D", "at least 0"),
        ({AC: {**NO_SUITS, "D": True}, BD: NO_SUITS}, "full_suits.Ana & Cy.D", "whole number"),
        # Each team collected 8 of each rank: 9 full suits would need 9 aces.
        (
            {AC: NO_SUITS, BD: {"D": 2, "C": 3, "H": 2, "S": 2}},
            "full_suits.Ben & Dee",
            "need 9 aces, the team collected 8",
        ),
        # Every diamond comes four times over the game.
        (
            {AC: {**NO_SUITS, "D": 3}, BD: {**NO_SUITS, "D": 2}},
            "full_suits",
            "5 full suits of diamonds",
        ),
    ],
)
def test_bad_full_suits_are_refused_naming_the_field(full_suits, field, words):
    error = refused(quick_four(full_suits))
    assert (error.field, error.hand) == (field, None)
    assert words in error.message


def test_full_suits_cannot_outnumber_any_counted_rank_a_team_collected():
    no_fives = {**COUNTS, "5": 0}
    all_fives = {**COUNTS, "5": 4}
    one = {**NO_SUITS, "S": 1}
    error = refused(quick_four({AC: one, BD: NO_SUITS}, ac=no_fives, bd=all_fives))
    assert (error.field, error.hand) == ("full_suits.Ana & Cy", None)
    assert "need 1 fives, the team collected 0" in error.message
    assert scored(quick_four({AC: NO_SUITS, BD: one}, ac=no_fives, bd=all_fives))["finished"]


def test_full_suits_may_use_the_ranks_collected_in_deals_with_cards():
    # Ana & Cy collect one whole pack, in the one deal recorded card by card.
    everything = deal(declarer="Ana", tricks=13, held=PACK)
    nothing = quick(deal(declarer="Ben", tricks=13, held=[]))
    hands = (everything, nothing, nothing, nothing)
    one_each = dict.fromkeys("DCHS", 1)
    three_each = dict.fromkeys("DCHS", 3)
    result = scored(game(*hands, full_suits={AC: one_each, BD: three_each}))
    assert result["full_suits"] == {AC: 10000, BD: 60000}
    error = refused(game(*hands, full_suits={AC: {**one_each, "D": 2}, BD: NO_SUITS}))
    assert (error.field, error.hand) == ("full_suits.Ana & Cy", None)
    assert "need 5 aces, the team collected 4" in error.message


def test_a_game_has_four_deals():
    error = refused(game(GOOD, GOOD, GOOD, GOOD, GOOD))
    assert (error.field, error.hand) == ("hand", 5)
    assert "a game has 4 deals" in error.message
