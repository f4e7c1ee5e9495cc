"""Tridge scoring as a whole (games/tridge/rules.py): the start, the deal, the end, the examples.

The hands and the numbers they start from: tests/games/tridge/hands.py.
"""

import pytest

from games.tridge.rules import Settings
from tests.games.tridge.hands import (
    ANA_LOSES,
    ANA_WINS,
    DECLINED,
    FOUR,
    PASSED,
    THREE,
    VOID,
    funds,
    game,
    last,
    played,
    three,
)
from tests.sheets import assert_contains, load_example, scored

# --- settings and the start ---------------------------------------------------------


def test_the_settings_have_the_documented_defaults():
    settings = Settings()
    assert (settings.chips, settings.game_contribution, settings.widow_contribution) == (
        500,
        5,
        25,
    )
    assert (settings.fund_cap, settings.flip, settings.no_change) == (4, 5, 10)
    assert (settings.no_change_diamonds, settings.slam, settings.hands) == (20, 40, None)
    assert settings.fixed_bonus == {"1": 20, "2": 10, "3": 5}
    assert settings.fixed_penalty == {"1": 5, "2": 4, "3": 3}


@pytest.mark.parametrize(
    ("players", "chips", "fund", "widow"),
    [(THREE, 470, 15, 75), (FOUR, 470, 20, 100)],
)
def test_everyone_pays_the_opening_contributions_before_hand_one(players, chips, fund, widow):
    result = game(players=players)
    assert result["standings"] == dict.fromkeys(players, chips)
    assert result["funds"] == funds(fund, widow)
    assert result["hands"] == []


def test_the_opening_contributions_follow_the_settings():
    rules = {"chips": 400, "game_contribution": 10, "widow_contribution": 20}
    result = game(rules=rules)
    assert result["standings"] == dict.fromkeys(THREE, 370)
    assert result["funds"] == funds(30, 60)


def test_the_first_hands_change_leaves_out_the_opening_payments():
    hand = last(PASSED)
    assert hand["deltas"] == dict.fromkeys(THREE, -5)
    assert hand["totals"] == dict.fromkeys(THREE, 465)
    assert hand["funds"] == funds(30, 75)


# --- chips, the deal and the end ------------------------------------------------------------


def test_chips_may_go_below_zero():
    result = game(ANA_LOSES, rules={"chips": 20})
    assert result["standings"] == three(-10 - 30, -10 + 15, -10)


def test_no_chip_is_created_or_lost_in_the_examples():
    for name, people in (("tridge-three-people", 3), ("tridge-four-people", 4)):
        data, _ = load_example(name)
        chips = data.get("rules", {}).get("chips", 500)
        for hand in scored(data)["hands"]:
            held = sum(hand["totals"].values())
            table = hand["funds"]["game"] + sum(hand["funds"]["reserves"]) + hand["funds"]["widow"]
            assert held + table == people * chips


@pytest.mark.parametrize("name", ["tridge-three-people", "tridge-four-people"])
def test_the_shared_examples_score_as_expected(name):
    data, expected = load_example(name)
    assert_contains(scored(data), expected)


def test_the_deal_passes_left_after_every_hand_passed_and_void_ones_too():
    result = game(PASSED, VOID, played("Ben", three(1, 5, 3)), PASSED)
    assert [hand["dealer"] for hand in result["hands"]] == ["Ana", "Ben", "Cy", "Ana"]
    assert result["next_dealer"] == "Ben"


def test_with_four_people_the_next_dealer_sits_out_and_the_one_to_the_left_leads():
    result = game(DECLINED, players=FOUR)
    assert (result["next_dealer"], result["sits_out"], result["next_lead"]) == ("Ben", "Ben", "Cy")


def test_a_game_without_planned_hands_never_finishes():
    result = game(*[VOID] * 30)
    assert (result["finished"], result["winners"], result["next_dealer"]) == (False, [], "Ana")
    assert result["planned_hands"] is None


def test_the_game_finishes_once_the_planned_hands_are_played_every_kind_counting():
    result = game(PASSED, VOID, ANA_WINS, rules={"hands": 3})
    assert result["finished"] is True
    assert result["winners"] == ["Ana"]
    assert result["next_dealer"] is None
    assert result["funds"] == result["hands"][-1]["funds"]


def test_declined_hands_count_towards_the_plan_too():
    result = game(DECLINED, PASSED, VOID, players=FOUR, rules={"hands": 3})
    assert (result["finished"], result["next_dealer"]) == (True, None)
    assert result["winners"] == ["Ben", "Cy", "Dee"]


def test_people_level_on_chips_at_the_end_share_the_win():
    result = game(PASSED, rules={"hands": 1})
    assert result["winners"] == THREE


def test_a_game_short_of_its_planned_hands_is_not_finished():
    result = game(PASSED, rules={"hands": 2})
    assert (result["finished"], result["winners"], result["next_dealer"]) == (False, [], "Ben")
