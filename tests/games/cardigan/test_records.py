"""What a Cardigan sheet may and may not say (docs/SHEET.md#cardigan, docs/RULES.md#cardigan):
a deal, its cards, the rules. Card counts and the full suits are in test_records_quick.py."""

import pytest

from tests.games.cardigan.cardigan_sheets import (
    AC,
    BD,
    PACK,
    deal,
    game,
    refused,
    score,
    split,
)

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
            "one of cards, card_counts and card_points",
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
