"""Settling a Tridge evening: results, funds on the table, the fewest payments."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.tridge.settle import KEPT, Payment, fewest_payments, settle


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
    assert sum(p.chips for p in result.payments if p.payee == KEPT) == 60
    assert sum(p.chips for p in result.payments if p.payee == "Ana") == 20


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


def test_two_separate_debts_settle_in_two_payments_not_three():
    # Greedy largest-first would pay Dee -> Ana 6 and need three payments.
    payments = fewest_payments({"Ana": 5, "Ben": -5, "Cy": 3, "Dee": -3})
    assert len(payments) == 2


def test_a_square_table_needs_no_payment():
    assert fewest_payments({"Ana": 0, "Ben": 0}) == []


def test_balances_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        fewest_payments({"Ana": 5, "Ben": -4})


balances = st.lists(st.integers(-300, 300), min_size=1, max_size=5).map(
    lambda values: {f"P{i}": v for i, v in enumerate(values)} | {"Last": -sum(values)}
)


@given(balances)
def test_payments_always_square_everyone_with_at_most_one_per_person(owed):
    payments = fewest_payments(owed)
    left = dict(owed)
    for payment in payments:
        assert payment.chips > 0
        left[payment.payer] += payment.chips
        left[payment.payee] -= payment.chips
    assert set(left.values()) <= {0}
    assert len(payments) <= max(0, sum(1 for v in owed.values() if v) - 1)


def test_chips_an_earlier_match_left_are_paid_out_by_the_table():
    # 30 chips came from the last match; Ana won them, and the funds are empty now.
    result = settle(PEOPLE, 500, scored({"Ana": 530, "Ben": 500, "Cy": 500}), carried=30)
    assert result.payments == [Payment(KEPT, "Ana", 30)]


def test_what_the_table_keeps_is_netted_against_what_it_brought():
    standings = {"Ana": 520, "Ben": 490, "Cy": 480}
    result = settle(PEOPLE, 500, scored(standings, game=40), carried=30)
    assert sum(p.chips for p in result.payments if p.payee == KEPT) == 10
