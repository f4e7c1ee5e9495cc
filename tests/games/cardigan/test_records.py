"""What a Cardigan sheet may and may not say (docs/SHEET.md#cardigan, docs/RULES.md#cardigan)."""

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
    split,
)
from tests.sheets import scored

NO_SUITS = dict.fromkeys("DCHS", 0)
COUNTS = {"A": 2, "K": 2, "Q": 2, "J": 2, "10": 2, "5": 2}
NONE = dict.fromkeys(COUNTS, 0)
# Ben declares 7 tricks: Ana & Cy take 6 (6 to 24 cards), Ben & Dee 7 (7 to 28).
GOOD = deal()


def changed(**fields):
    return {**GOOD, **fields}


def without(key):
    return {name: value for name, value in GOOD.items() if name != key}


def with_cards(ac, bd, **fields):
    return changed(cards={AC: ac, BD: bd}, **fields)


def counts_hand(ac, bd=None, **fields):
    hand = without("cards")
    return {**hand, "card_counts": {AC: ac, BD: COUNTS if bd is None else bd}, **fields}


def test_a_good_deal_is_read():
    assert score(GOOD)["hands"][0]["made"] is True


def test_duplicates_flags_and_discards_may_be_left_out():
    hand = {"declarer": "Ben", "level": 1, "bid": "diamonds", "tricks": 7, "cards": GOOD["cards"]}
    assert score(hand)["hands"][0]["breakdown"][AC]["discards"] == 0


def test_a_team_left_out_of_the_discards_received_none():
    hand = deal(discards={BD: 2})
    assert score(hand)["hands"][0]["breakdown"][AC]["discards"] == 0


def test_meta_is_allowed_in_a_deal_and_at_the_top():
    assert score(changed(meta={"note": "late"}), meta={"at": "club"})["hands"]


@pytest.mark.parametrize(
    ("bad_hand", "field", "words"),
    [
        (without("declarer"), "declarer", "is missing"),
        (changed(declarer="Eve"), "declarer", "not a player"),
        (changed(declarer="ben"), "declarer", "not a player"),
        (without("level"), "level", "is missing"),
        (changed(level=0), "level", "at least 1"),
        (changed(level=8), "level", "at most 7"),
        (changed(level="4"), "level", "whole number"),
        (changed(level=4.0), "level", "whole number"),
        (changed(level=True), "level", "whole number"),
        (without("bid"), "bid", "is missing"),
        (changed(bid="notrump"), "bid", "must be one of"),
        (changed(bid="Hearts"), "bid", "must be one of"),
        (changed(dummy="yes"), "dummy", "true or false"),
        (changed(open=1), "open", "true or false"),
        (changed(stuck=None), "stuck", "true or false"),
        (changed(stuck=True), "stuck", "only the dealer, Ana"),
        (without("tricks"), "tricks", "is missing"),
        (changed(tricks=14), "tricks", "at most 13"),
        (changed(tricks=-1), "tricks", "at least 0"),
        (changed(trick=7), "trick", "not a field here"),
        (changed(duplicates=[]), "duplicates", "JSON object"),
        (changed(duplicates={"Eve": ["pair"]}), "duplicates.Eve", "not a player"),
        (changed(duplicates={"Ana": "pair"}), "duplicates.Ana", "list"),
        (changed(duplicates={"Ana": ["pairs"]}), "duplicates.Ana", "must be one of"),
        (changed(duplicates={"Ana": [2]}), "duplicates.Ana", "must be one of"),
        (changed(duplicates={"Ana": ["four"] * 3 + ["pair"]}), "duplicates.Ana", "14 cards"),
        (changed(discards=3), "discards", "JSON object"),
        (changed(discards={"Ana & Ben": 1}), "discards.Ana & Ben", "not a team"),
        (changed(discards={AC: -1}), "discards.Ana & Cy", "at least 0"),
        (changed(discards={AC: 27}), "discards.Ana & Cy", "at most 26"),
        (changed(discards={BD: 1.0}), "discards.Ben & Dee", "whole number"),
    ],
)
def test_a_bad_deal_is_refused_naming_the_field(bad_hand, field, words):
    error = refused(game(bad_hand))
    assert (error.field, error.hand) == (field, 1)
    assert words in error.message


def test_the_dealer_of_each_deal_may_be_stuck_and_then_declares():
    assert score(deal(declarer="Ana", stuck=True), deal(declarer="Ben", stuck=True))["hands"]
    error = refused(game(deal(), deal(declarer="Cy", stuck=True)))
    assert (error.field, error.hand) == ("stuck", 2)
    assert "only the dealer, Ben" in error.message


def test_sets_filling_a_whole_hand_are_allowed():
    assert score(changed(duplicates={"Ana": ["four", "four", "four"], "Cy": ["pair"] * 6}))


# --- cards ------------------------------------------------------------------

AC_CARDS = GOOD["cards"][AC]
BD_CARDS = GOOD["cards"][BD]


@pytest.mark.parametrize(
    ("bad_hand", "field", "words"),
    [
        (without("cards"), "cards", "is missing"),
        (changed(cards=AC_CARDS + BD_CARDS), "cards", "JSON object"),
        (changed(cards={AC: AC_CARDS}), "cards.Ben & Dee", "is missing"),
        (changed(cards={AC: AC_CARDS, "Ben & Cy": BD_CARDS}), "cards.Ben & Cy", "not a team"),
        (with_cards(AC_CARDS, "".join(BD_CARDS)), "cards.Ben & Dee", "list of cards"),
        (with_cards(["qs", *AC_CARDS[1:]], BD_CARDS), "cards.Ana & Cy", '"qs" is not a card'),
        (with_cards(["1S", *AC_CARDS[1:]], BD_CARDS), "cards.Ana & Cy", "not a card"),
        (with_cards(["10 S", *AC_CARDS[1:]], BD_CARDS), "cards.Ana & Cy", "not a card"),
        (with_cards(["ST", *AC_CARDS[1:]], BD_CARDS), "cards.Ana & Cy", "not a card"),
        (with_cards([10, *AC_CARDS[1:]], BD_CARDS), "cards.Ana & Cy", "not a card"),
        (with_cards([["AS"], *AC_CARDS[1:]], BD_CARDS), "cards.Ana & Cy", "not a card"),
        (with_cards(AC_CARDS[1:], BD_CARDS), "cards", "51 cards, a deal has 52"),
        (with_cards(AC_CARDS + ["AS"], BD_CARDS), "cards", "53 cards, a deal has 52"),
        (with_cards(["AS"] * 5 + AC_CARDS[5:], BD_CARDS), "cards", "AS comes 5 times"),
        (
            changed(cards=GOOD["cards"], card_counts={AC: COUNTS, BD: COUNTS}),
            "card_counts",
            "not both",
        ),
    ],
)
def test_bad_cards_are_refused_naming_the_field(bad_hand, field, words):
    error = refused(game(bad_hand))
    assert (error.field, error.hand) == (field, 1)
    assert words in error.message


@pytest.mark.parametrize(
    ("tricks", "discards", "held", "team", "words"),
    [
        # Ana & Cy take 6 tricks: 6 to 24 cards, plus the discards they received.
        (7, {}, 5, AC, "5 cards, but 6 tricks and 0 discards received hold 6 to 24"),
        (7, {}, 25, AC, "25 cards, but 6 tricks and 0 discards received hold 6 to 24"),
        (7, {AC: 2}, 7, AC, "7 cards, but 6 tricks and 2 discards received hold 8 to 26"),
        # Ana & Cy may hold 50 with 26 discards received, but Ben & Dee need 7 for 7 tricks.
        (7, {AC: 26}, 50, BD, "2 cards, but 7 tricks and 0 discards received hold 7 to 28"),
        # Ana & Cy take none and received no discard: they hold no card at all.
        (13, {}, 1, AC, "1 cards, but 0 tricks and 0 discards received hold 0 to 0"),
    ],
)
def test_a_team_holds_one_to_four_cards_a_trick_plus_the_discards_it_received(
    tricks, discards, held, team, words
):
    hand = changed(tricks=tricks, discards=discards, cards=split(PACK[:held]))
    error = refused(game(hand))
    assert (error.field, error.hand) == (f"cards.{team}", 1)
    assert words in error.message


@pytest.mark.parametrize(
    ("tricks", "discards", "held"),
    [(7, {BD: 2}, 22), (7, {}, 24), (7, {AC: 2}, 26), (13, {AC: 3}, 3)],
)
def test_holdings_within_the_limits_are_accepted(tricks, discards, held):
    assert score(changed(tricks=tricks, discards=discards, cards=split(PACK[:held])))


def test_a_deal_is_not_one_pack_but_52_cards_of_the_four():
    # Four aces of spades in one deal, no 2, 3 or 4 of clubs: the packs were shuffled together.
    pack = ["AS"] * 3 + [card for card in PACK if card not in ("2C", "3C", "4C")]
    assert score(changed(cards=split(pack[:24], pack)))


def test_no_card_comes_more_than_four_times_over_the_game():
    pack = ["AS"] * 3 + [card for card in PACK if card not in ("2C", "3C", "4C")]
    error = refused(game(changed(cards=split(pack[:24], pack)), GOOD))
    assert (error.field, error.hand) == ("cards", 2)
    assert "AS comes 5 times over the game" in error.message


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


# --- rules ------------------------------------------------------------------


def test_bid_values_may_change_some_bids_only():
    assert score(GOOD, rules={"bid_values": {"diamonds": 120}})["hands"][0]["value"] == 120


@pytest.mark.parametrize(
    ("rules", "field", "words"),
    [
        ({"bid_values": {"pass": 10}}, "rules.bid_values.pass", "not an entry"),
        ({"bid_values": {"red": -1}}, "rules.bid_values.red", "at least 0"),
        ({"bid_values": {"red": 10.5}}, "rules.bid_values.red", "whole number"),
        ({"level_bonus": {"4": 60}}, "rules.level_bonus", "not a field"),
    ],
)
def test_bad_rules_are_refused_naming_the_setting(rules, field, words):
    error = refused(game(GOOD, rules=rules))
    assert (error.field, error.hand) == (field, None)
    assert words in error.message
