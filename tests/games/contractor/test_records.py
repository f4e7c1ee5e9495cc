"""What a Contractor sheet may and may not say (docs/SHEET.md#contractor)."""

import pytest

from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import SheetError
from tests.sheets import sheet

PLAYERS = ["Ana", "Ben", "Cy"]
GOOD = {"contractor": "Ben", "strain": "clubs", "tricks": {"Ana": 2, "Ben": 6, "Cy": 2}}


def refusal(*hands, rules=None, players=PLAYERS):
    with pytest.raises(SheetError) as caught:
        read_and_score(sheet("contractor", players, hands, rules))
    return caught.value


def read_and_score(data):
    return score_sheet(read_sheet(data))


def changed(**fields):
    return {**GOOD, **fields}


def without(key):
    return {k: v for k, v in GOOD.items() if k != key}


def test_conditions_may_be_left_out():
    read_and_score(sheet("contractor", PLAYERS, [GOOD]))


@pytest.mark.parametrize(
    ("bad_hand", "field", "words"),
    [
        (changed(tricks={"Ana": 3, "Ben": 6, "Cy": 2}), "tricks", "add up to 11, must be 10"),
        (changed(tricks={"Ana": 2, "Ben": 6}), "tricks.Cy", "is missing"),
        (changed(tricks={"Ana": 2, "Ben": 6, "Cy": 1, "Dee": 1}), "tricks.Dee", "does not take"),
        (changed(tricks={"Ana": -1, "Ben": 9, "Cy": 2}), "tricks.Ana", "at least 0"),
        (changed(contractor="Dee"), "contractor", "not a player"),
        (without("contractor"), "contractor", "is missing"),
        (without("strain"), "strain", "is missing"),
        (changed(strain="Clubs"), "strain", "must be one of"),
        (changed(extra_tricks=6), "extra_tricks", "at most 5"),
        (changed(extra_tricks=2.0), "extra_tricks", "whole number"),
        (changed(extra_tricks=True), "extra_tricks", "whole number"),
        (changed(kitty_foregone=4), "kitty_foregone", "at most 3"),
        (changed(strain="nil", extra_tricks=1), "extra_tricks", "nil"),
        (changed(strain="no_trump", sour_trumps=True), "sour_trumps", "trumps"),
        (changed(strain="nil", sour_trumps=True), "sour_trumps", "trumps"),
        (changed(nil_without_joker=True), "nil_without_joker", "nil"),
        (changed(exposed=1), "exposed", "true or false"),
        (changed(exposed=None), "exposed", "true or false"),
        (changed(challenger="Ben"), "challenger", "opponents"),
        (changed(challenger="Zed"), "challenger", "not a player"),
        (changed(bonus=1), "bonus", "not a field"),
        ({"redeal": False}, "redeal", "true"),
        ({"redeal": True, "contractor": "Ben"}, "contractor", "not a field"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_hand_and_field(bad_hand, field, words):
    error = refusal(GOOD, bad_hand)
    assert (error.hand, error.field) == (2, field)
    assert words in error.message


def test_sour_trumps_is_allowed_in_crazytrump():
    read_and_score(sheet("contractor", PLAYERS, [changed(strain="crazytrump", sour_trumps=True)]))


def test_a_hand_after_the_game_ended_is_refused():
    error = refusal(GOOD, GOOD, GOOD, GOOD, rules={"hands": 3})
    assert (error.hand, error.field) == (4, "hand")
    assert str(error) == "hand 4: hand: comes after the game ended (3 hands were planned)"


def test_planned_hands_must_be_a_multiple_of_three():
    error = refusal(rules={"hands": 4})
    assert (error.hand, error.field) == (None, "rules.hands")


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"hands": 0}, "rules.hands"),
        ({"strain_values": {"nil": -1}}, "rules.strain_values.nil"),
        ({"strain_values": {"bananas": 3}}, "rules.strain_values.bananas"),
        ({"strain_values": 5}, "rules.strain_values"),
        ({"dealer_bonus": 2}, "rules.dealer_bonus"),
    ],
)
def test_bad_rules_are_refused(rules, field):
    assert refusal(rules=rules).field == field


def test_contractor_needs_three_players():
    assert refusal(players=["Ana", "Ben"]).field == "players"
