"""Amounts of money in the ledger (games/money/cents.py): exact ten-thousandths, and whole
cents that still add up."""

from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from games.money import cents


def test_a_money_value_of_four_decimals_times_chips_is_exact_in_ten_thousandths():
    assert cents.exact(Decimal("0.0015") * 7) == 105
    assert cents.as_money(105) == Decimal("0.0105")
    # An older file's finer value is rounded, halves away from zero.
    assert cents.exact(Decimal("0.00005")) == 1 and cents.exact(Decimal("-0.00005")) == -1


def test_half_cents_are_rounded_so_that_the_results_still_add_up_to_zero():
    rounded = cents.whole_cents({"Ana": 150, "Ben": 150, "Cy": -300})
    assert sum(rounded.values()) == 0
    assert sorted(rounded.values()) == [-3, 1, 2]


def test_a_difference_shared_by_three_gives_the_odd_units_to_the_first_seats():
    assert cents.shared(100, ["Ana", "Ben", "Cy"]) == {"Ana": 34, "Ben": 33, "Cy": 33}
    assert cents.shared(-100, ["Ana", "Ben", "Cy"]) == {"Ana": -33, "Ben": -33, "Cy": -34}


@given(
    st.dictionaries(
        st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Eve"]),
        st.integers(-(10**9), 10**9),
        min_size=1,
    ),
    st.integers(-500, 500),
)
def test_amounts_are_allocated_to_their_total_each_less_than_one_from_its_share(amounts, over):
    """Whatever the amounts and the whole they must add up to, when they add up to it
    exactly each is within one of its exact share; and they always add up to it."""
    total = sum(amounts.values()) // 7 + over
    wanted = {key: Fraction(amount, 7) for key, amount in amounts.items()}
    shift = Fraction(total) - sum(wanted.values())
    wanted = {key: value + shift / len(wanted) for key, value in wanted.items()}
    whole = cents.allocate(wanted, total)
    assert sum(whole.values()) == total
    assert all(abs(whole[key] - wanted[key]) < 1 for key in wanted)


@given(st.lists(st.integers(-(10**8), 10**8), min_size=2, max_size=6))
def test_exact_results_adding_up_to_zero_round_to_whole_cents_adding_up_to_zero(amounts):
    amounts.append(-sum(amounts))
    rounded = cents.whole_cents(dict(enumerate(amounts)))
    assert sum(rounded.values()) == 0
    assert all(
        abs(rounded[key] * cents.CENT - amount) < cents.CENT for key, amount in enumerate(amounts)
    )
