"""The fewest payments that clear a set of debts (games/money/payments.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.money.payments import fewest_payments


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
        assert payment.amount > 0
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    assert set(left.values()) <= {0}
    assert len(payments) <= max(0, sum(1 for v in owed.values() if v) - 1)
