"""A Tridge match's chips as its board shows them (games/tridge/settle.py): results, the
funds on the table, their money."""

from decimal import Decimal
from types import SimpleNamespace

from games.tridge.settle import settle


def scored(standings, game=0, reserves=(), widow=0):
    funds = {"game": game, "reserves": list(reserves), "widow": widow}
    return SimpleNamespace(standings=standings, details={"funds": funds})


PEOPLE = ["Ana", "Ben", "Cy"]


def test_each_result_is_chips_less_starting_chips():
    result = settle(PEOPLE, 500, scored({"Ana": 535, "Ben": 480, "Cy": 485}))
    assert result.results == {"Ana": 35, "Ben": -20, "Cy": -15}


def test_the_funds_on_the_table_are_every_fund_added_up():
    result = settle(PEOPLE, 500, scored({"Ana": 520, "Ben": 460, "Cy": 460}, game=60))
    assert (result.on_table, result.share, result.left_over) == (60, 0, 0)


def test_splitting_the_funds_shares_them_equally_and_states_the_remainder():
    standings = {"Ana": 500, "Ben": 480, "Cy": 450}
    result = settle(PEOPLE, 500, scored(standings, game=40, reserves=[20, 5], widow=5), True)
    assert result.on_table == 70
    assert (result.share, result.left_over) == (23, 1)
    assert result.results == {"Ana": 23, "Ben": 3, "Cy": -27}


def test_a_money_value_per_chip_is_exact():
    result = settle(
        PEOPLE, 500, scored({"Ana": 501, "Ben": 499, "Cy": 500}), False, Decimal("0.05")
    )
    assert result.money(35) == Decimal("1.75")


def test_the_chips_an_earlier_match_left_are_said():
    result = settle(PEOPLE, 500, scored({"Ana": 530, "Ben": 500, "Cy": 500}), carried=30)
    assert result.carried == 30 and result.results["Ana"] == 30
