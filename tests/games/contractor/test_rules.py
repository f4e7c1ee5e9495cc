"""Contractor scoring, rule by rule (docs/RULES.md#contractor)."""

import pytest

from games.contractor.rules import Bid, Settings, bid_value
from tests.sheets import scored, sheet

PLAYERS = ["Ana", "Ben", "Cy"]


def hand(contractor="Ben", strain="clubs", tricks=(2, 6, 2), **conditions):
    return {
        "contractor": contractor,
        "strain": strain,
        **conditions,
        "tricks": dict(zip(PLAYERS, tricks, strict=True)),
    }


def game(*hands, rules=None):
    return scored(sheet("contractor", PLAYERS, hands, rules))


def first(*hands, rules=None):
    return game(*hands, rules=rules)["hands"][0]


@pytest.mark.parametrize(
    ("strain", "value"),
    [
        ("diamonds", 5),
        ("hearts", 5),
        ("clubs", 6),
        ("spades", 6),
        ("crazytrump", 6),
        ("no_trump", 7),
        ("nil", 7),
    ],
)
def test_each_strain_has_its_default_base_value(strain, value):
    assert bid_value(Bid(strain), Settings()) == value


@pytest.mark.parametrize(
    ("conditions", "added"),
    [
        ({"extra_tricks": 1}, 2),
        ({"extra_tricks": 5}, 10),
        ({"kitty_foregone": 1}, 1),
        ({"kitty_foregone": 3}, 3),
        ({"sour_trumps": True}, 1),
        ({"exposed": True}, 2),
        ({"absolutely_sure": True}, 1),
        ({"thievery": True}, 3),
    ],
)
def test_each_condition_adds_its_points(conditions, added):
    assert bid_value(Bid("hearts", **conditions), Settings()) == 5 + added


def test_nil_without_joker_adds_two():
    assert bid_value(Bid("nil", nil_without_joker=True), Settings()) == 9


def test_the_sources_worked_example_is_worth_ten():
    assert bid_value(Bid("clubs", kitty_foregone=2, exposed=True), Settings()) == 10


def test_the_dealer_bids_one_point_more():
    assert first(hand(contractor="Ana", tricks=(5, 3, 2)))["value"] == 7
    assert first(hand(contractor="Ben", tricks=(3, 5, 2)))["value"] == 6


def test_a_made_contract_scores_its_value_and_opponents_score_their_tricks():
    result = first(hand(contractor="Ben", strain="hearts", tricks=(3, 5, 2)))
    assert result["made"] is True
    assert result["deltas"] == {"Ana": 3, "Ben": 5, "Cy": 2}


def test_a_failed_contract_loses_its_value():
    result = first(hand(contractor="Ben", strain="hearts", tricks=(4, 4, 2)))
    assert result["made"] is False
    assert result["deltas"] == {"Ana": 4, "Ben": -5, "Cy": 2}


def test_extra_tricks_raise_the_tricks_needed():
    made = first(hand(strain="hearts", extra_tricks=2, tricks=(1, 7, 2)))
    failed = first(hand(strain="hearts", extra_tricks=2, tricks=(2, 6, 2)))
    assert (made["made"], made["deltas"]["Ben"]) == (True, 9)
    assert (failed["made"], failed["deltas"]["Ben"]) == (False, -9)


def test_absolutely_sure_loses_twice_the_value_when_failed():
    result = first(hand(strain="hearts", absolutely_sure=True, tricks=(4, 4, 2)))
    assert result["deltas"]["Ben"] == -12


def test_absolutely_sure_scores_the_plain_value_when_made():
    result = first(hand(strain="hearts", absolutely_sure=True, tricks=(3, 5, 2)))
    assert result["deltas"]["Ben"] == 6


def test_a_nil_contract_is_made_only_with_no_tricks():
    made = first(hand(strain="nil", tricks=(5, 0, 5)))
    failed = first(hand(strain="nil", tricks=(5, 1, 4)))
    assert made["made"] is True and made["deltas"] == {"Ana": 0, "Ben": 7, "Cy": 0}
    assert failed["made"] is False


def test_in_nil_each_opponent_scores_the_contractors_tricks():
    result = first(hand(strain="nil", tricks=(1, 3, 6)))
    assert result["deltas"] == {"Ana": 3, "Ben": -7, "Cy": 3}


def test_a_made_challenged_contract_moves_three_points_from_challenger_to_contractor():
    result = first(hand(strain="hearts", challenger="Cy", tricks=(3, 5, 2)))
    assert result["deltas"] == {"Ana": 3, "Ben": 8, "Cy": -1}


def test_a_failed_challenged_contract_moves_three_points_to_the_challenger():
    result = first(hand(strain="hearts", challenger="Ana", tricks=(4, 4, 2)))
    assert result["deltas"] == {"Ana": 7, "Ben": -8, "Cy": 2}


def test_absolutely_sure_does_not_double_the_challenge():
    result = first(hand(strain="hearts", absolutely_sure=True, challenger="Cy", tricks=(4, 4, 2)))
    assert result["deltas"] == {"Ana": 4, "Ben": -12 - 3, "Cy": 2 + 3}


def test_a_redeal_scores_nothing_and_keeps_the_dealer():
    result = game({"redeal": True}, hand(tricks=(3, 5, 2)))
    assert result["hands"][0]["deltas"] == {"Ana": 0, "Ben": 0, "Cy": 0}
    assert [h["dealer"] for h in result["hands"]] == ["Ana", "Ana"]
    assert result["next_dealer"] == "Ben"


def test_the_deal_passes_to_the_left_after_a_scored_hand():
    result = game(*[hand(tricks=(3, 5, 2))] * 4)
    assert [h["dealer"] for h in result["hands"]] == ["Ana", "Ben", "Cy", "Ana"]
    assert result["next_dealer"] == "Ben"


def test_the_game_ends_after_the_planned_hands_and_redeals_do_not_count():
    result = game(hand(), {"redeal": True}, hand(), hand(), rules={"hands": 3})
    assert result["finished"] is True
    assert result["next_dealer"] is None
    assert result["hands_scored"] == 3


def test_an_unfinished_game_has_no_winner():
    result = game(hand())
    assert (result["finished"], result["winners"]) == (False, [])


def test_the_highest_total_wins_and_ties_share_the_win():
    # Each dealer contracts hearts (6 with the dealer's point): Ana and Ben make, Cy fails.
    result = game(
        hand(contractor="Ana", strain="hearts", tricks=(5, 3, 2)),
        hand(contractor="Ben", strain="hearts", tricks=(2, 5, 3)),
        hand(contractor="Cy", strain="hearts", tricks=(5, 4, 1)),
        rules={"hands": 3},
    )
    assert result["standings"] == {"Ana": 13, "Ben": 13, "Cy": -1}
    assert result["winners"] == ["Ana", "Ben"]


def test_custom_strain_values_change_only_the_named_strain():
    result = game(hand(strain="hearts", tricks=(3, 5, 2)), rules={"strain_values": {"hearts": 9}})
    assert result["hands"][0]["value"] == 9
    assert bid_value(Bid("clubs"), Settings()) == 6
