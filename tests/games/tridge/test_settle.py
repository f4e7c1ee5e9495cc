"""Settling a Tridge evening: results, funds on the table, the fewest payments."""

from decimal import Decimal
from types import SimpleNamespace

from games.money.payments import Payment
from games.tridge.settle import KEPT, settle


def scored(standings, game=0, reserves=(), widow=0):
    funds = {"game": game, "reserves": list(reserves), "widow": widow}
    return SimpleNamespace(standings=standings, details={"funds": funds})


PEOPLE = ["Ana", "Ben", "Cy"]


def test_each_result_is_chips_less_starting_chips():
    result = settle(PEOPLE, 500, scored({"Ana": 535, "Ben": 480, "Cy": 485}))
    assert result.results == {"Ana": 35, "Ben": -20, "Cy": -15}
    assert result.payments == [Payment("Ben", "Ana", 20), Payment("Cy", "Ana", 15)]


def test_funds_left_on_the_table_are_paid_in_by_those_who_are_down():
    # 60 chips sit in the funds: the people hold 60 fewer than they started with.
    result = settle(PEOPLE, 500, scored({"Ana": 520, "Ben": 460, "Cy": 460}, game=60))
    assert result.on_table == 60
    assert sum(p.amount for p in result.payments if p.payee == KEPT) == 60
    assert sum(p.amount for p in result.payments if p.payee == "Ana") == 20


def test_splitting_the_funds_shares_them_equally_and_states_the_remainder():
    standings = {"Ana": 500, "Ben": 480, "Cy": 450}
    result = settle(PEOPLE, 500, scored(standings, game=40, reserves=[20, 5], widow=5), True)
    assert result.on_table == 70
    assert (result.share, result.left_over) == (23, 1)
    assert result.results == {"Ana": 23, "Ben": 3, "Cy": -27}
    assert Payment("Cy", KEPT, 1) in result.payments


def test_a_money_value_per_chip_is_exact():
    result = settle(
        PEOPLE, 500, scored({"Ana": 501, "Ben": 499, "Cy": 500}), False, Decimal("0.05")
    )
    assert result.money(35) == Decimal("1.75")


def test_chips_an_earlier_match_left_are_paid_out_by_the_table():
    # 30 chips came from the last match; Ana won them, and the funds are empty now.
    result = settle(PEOPLE, 500, scored({"Ana": 530, "Ben": 500, "Cy": 500}), carried=30)
    assert result.payments == [Payment(KEPT, "Ana", 30)]


def test_what_the_table_keeps_is_netted_against_what_it_brought():
    standings = {"Ana": 520, "Ben": 490, "Cy": 480}
    result = settle(PEOPLE, 500, scored(standings, game=40), carried=30)
    assert sum(p.amount for p in result.payments if p.payee == KEPT) == 10
