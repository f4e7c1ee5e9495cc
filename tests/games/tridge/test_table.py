"""The chips on the table (games/tridge/table.py): the fresh fund, the cap and the reserves,
the in-comer's quarter, the funds an earlier match left.

The hands and the numbers they start from: tests/games/tridge/hands.py.
"""

import pytest

from games.tridge.table import incomer_quarter
from tests.games.tridge.hands import (
    ANA_DRAWS,
    ANA_LOSES,
    ANA_WINS,
    DECLINED,
    FOUR,
    PASSED,
    THREE,
    VOID,
    four,
    funds,
    game,
    last,
    played,
    three,
)

# --- all pass and the fresh fund ------------------------------------------------------


def test_passing_raises_a_fresh_fund_by_a_contribution_from_everyone():
    hands = game(PASSED, PASSED, PASSED)["hands"]
    assert [hand["funds"]["game"] for hand in hands] == [30, 45, 60]
    assert all(hand["deltas"] == dict.fromkeys(THREE, -5) for hand in hands)
    assert hands[0]["outcome"] == "passed"


def test_passing_with_a_full_fresh_fund_starts_a_reserve_and_then_costs_nothing():
    hands = game(PASSED, PASSED, PASSED, PASSED, PASSED)["hands"]
    assert hands[3]["deltas"] == dict.fromkeys(THREE, -5)
    assert hands[3]["funds"] == funds(60, 75, [15])
    # A reserve now waits, so passing is free.
    assert hands[4]["deltas"] == dict.fromkeys(THREE, 0)
    assert hands[4]["funds"] == funds(60, 75, [15])


def test_the_fund_a_win_forms_from_contributions_is_fresh():
    assert last(ANA_WINS, PASSED)["deltas"] == dict.fromkeys(THREE, -5)


@pytest.mark.parametrize(
    "paid_into_the_fund",
    [
        ANA_DRAWS,
        ANA_LOSES,
        played("Ana", three(1, 4, 4), bid="no_tricks"),
        played("Ana", three(3, 3, 3), bid="fixed", target=1),
        played("Ana", three(2, 3, 4), bid="play", trumps="D", honours=2),
    ],
    ids=["draw", "loss", "no tricks lost", "fixed two off", "loss in diamonds"],
)
def test_passing_costs_nothing_once_a_draw_or_loss_has_paid_into_the_fund(paid_into_the_fund):
    hand = last(paid_into_the_fund, PASSED)
    assert hand["deltas"] == dict.fromkeys(THREE, 0)


def test_a_fund_that_came_from_a_reserve_is_never_fresh():
    hands = [PASSED, PASSED, PASSED, PASSED]  # game 60 and a reserve of 15
    result = game(*hands, played("Ben", three(1, 5, 3)), PASSED)
    assert result["hands"][4]["funds"] == funds(15, 75)
    assert result["hands"][5]["deltas"] == dict.fromkeys(THREE, 0)


def test_a_fixed_bid_one_off_leaves_the_fund_as_fresh_as_it_was():
    # Taking half the fund is no payment into it for a draw or a loss.
    one_off = played("Ana", three(2, 4, 3), bid="fixed", target=1)
    hand = last(one_off, PASSED)
    assert hand["deltas"] == dict.fromkeys(THREE, -5)
    assert hand["funds"]["game"] == 5 + 15


def test_a_declined_in_comer_leaves_the_fund_as_fresh_as_it_was():
    hand = last(DECLINED, PASSED, players=FOUR)
    assert hand["deltas"] == dict.fromkeys(FOUR, -5)
    assert hand["funds"]["game"] == 25 + 20


def test_a_void_hand_changes_nothing():
    hand = last(PASSED, VOID)
    assert hand["deltas"] == dict.fromkeys(THREE, 0)
    assert hand["funds"] == funds(30, 75)
    assert hand["outcome"] == "void"


# --- the cap and the reserve funds ------------------------------------------------------


def test_a_draw_doubles_the_game_fund():
    hand = last(ANA_DRAWS)
    assert hand["funds"] == funds(30, 75)
    assert hand["deltas"]["Ana"] == -15


def test_what_does_not_fit_under_the_cap_goes_to_a_reserve_fund():
    hand = last(PASSED, PASSED, played("Cy", three(4, 1, 4), trumps="H"))
    assert hand["deltas"] == three(0, 0, -45)
    assert hand["funds"] == funds(60, 75, [30])


def test_the_newest_reserve_is_filled_to_the_cap_before_a_new_one_starts():
    draw = played("Cy", three(4, 1, 4), trumps="H")
    hand = last(PASSED, PASSED, draw, played("Ana", three(3, 4, 2), honours=2))
    # Ana pays 60 into a full fund: 30 tops up the reserve, 30 starts the next one.
    assert hand["funds"] == funds(60, 77, [60, 30])


def test_the_oldest_reserve_becomes_the_game_fund_when_the_fund_is_won():
    draw = played("Cy", three(4, 1, 4), trumps="H")
    loss = played("Ana", three(3, 4, 2), honours=2)
    hand = last(PASSED, PASSED, draw, loss, played("Ben", three(2, 5, 2)))
    assert hand["deltas"] == three(0, 60, 0)
    assert hand["funds"] == funds(60, 77, [30])


def test_the_cap_is_the_fund_cap_setting_times_the_base_fund():
    hands = game(PASSED, PASSED, rules={"fund_cap": 2})["hands"]
    assert hands[0]["funds"] == funds(30, 75)
    assert hands[1]["funds"] == funds(30, 75, [15])


def test_the_widows_fund_has_no_cap():
    diamonds_draw = played("Ana", three(3, 3, 3), bid="no_change", trumps="D")
    hands = game(diamonds_draw, played("Ben", three(3, 3, 3), bid="no_change", trumps="D"))
    assert [hand["funds"]["widow"] for hand in hands["hands"]] == [150, 300]


# --- the in-comer's quarter ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "paid", "fund"),
    [(1, 1, 5), (2, 1, 6), (3, 2, 8)],
    ids=["4 gives 1", "5 gives 1", "6 gives 2"],
)
def test_the_in_comers_quarter_is_rounded_halves_up(hands, paid, fund):
    result = game(*[DECLINED] * hands, players=FOUR, rules={"game_contribution": 1})
    hand = result["hands"][-1]
    assert hand["deltas"][hand["dealer"]] == -paid
    assert hand["funds"]["game"] == fund


@pytest.mark.parametrize(
    ("fund", "quarter"), [(20, 5), (25, 6), (26, 7), (30, 8), (31, 8), (80, 20), (1, 0), (2, 1)]
)
def test_the_in_comer_quarter_rule(fund, quarter):
    assert incomer_quarter(fund) == quarter


def test_an_in_comer_at_the_cap_pays_the_quarter_into_a_reserve():
    incomer = played("Dee", four(2, 2, 1, 4), incomer=True)
    result = game(PASSED, PASSED, PASSED, incomer, PASSED, players=FOUR)
    won = result["hands"][3]
    # The quarter of 80 goes to a reserve, so only the 80 is at stake and won.
    assert won["deltas"] == four(0, 0, 0, -20 + 80)
    assert won["funds"] == funds(20, 100)
    # That fund came from a reserve: passing costs nothing.
    assert result["hands"][4]["deltas"] == dict.fromkeys(FOUR, 0)


def test_a_declined_in_comer_pays_only_the_quarter():
    hand = last(DECLINED, players=FOUR)
    assert hand["deltas"] == four(-5, 0, 0, 0)
    assert hand["funds"] == funds(25, 100)
    assert (hand["outcome"], hand["player"], hand["incomer_paid"]) == ("declined", "Ana", 5)


# --- funds carried from an earlier match (games/tridge/match.py) ----------------------------


def test_funds_an_earlier_match_left_are_on_the_table_with_the_opening_payments():
    carried = {"carried_game": 30, "carried_widow": 40}
    result = game(rules=carried)
    assert result["funds"] == funds(30 + 15, 40 + 75)
    # The people paid the opening payments alone: the carried chips were paid last match.
    assert result["standings"] == three(470, 470, 470)


def test_carried_reserves_come_back_full_but_the_newest():
    # The cap is 4 x 5 x 3 = 60: 130 chips of reserves are two full ones and 10.
    result = game(rules={"carried_game": 60, "carried_reserves": 130})
    # The opening 15 cannot go into a full game fund: they top up the newest reserve.
    assert result["funds"] == funds(60, 75, [60, 60, 25])


def test_a_carried_game_fund_is_not_fresh_so_passing_costs_nothing():
    before = game(rules={"carried_game": 20})["funds"]
    assert game(PASSED, rules={"carried_game": 20})["funds"] == before


def test_a_carried_game_fund_past_the_cap_keeps_the_rest_as_a_reserve():
    result = game(rules={"carried_game": 100})
    assert result["funds"] == funds(60, 75, [55])


def test_a_win_takes_the_carried_fund_with_the_opening_payments():
    result = game(ANA_WINS, rules={"carried_game": 30})
    assert result["hands"][0]["deltas"]["Ana"] - game(ANA_WINS)["hands"][0]["deltas"]["Ana"] == 30
