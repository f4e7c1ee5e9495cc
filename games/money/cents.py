"""Amounts of money in the ledger: whole numbers, exact, and whole cents where money is paid.

Pure Python. A money value has at most four decimals (games/play/table_forms.py
`MoneyField`), so chips or points times a money value is a whole number of ten-thousandths
of the money: the ledger's lines hold that (`SCALE`), and add up exactly. Money is paid in
whole cents: each evening's results are rounded to the cent by an entry of their own, so
that the evening and the group's balances are whole cents, and `allocate` does that
rounding so that nobody is more than a cent from their exact amount and the results still
add up to zero.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

SCALE = 10_000  # the ledger's amounts are in ten-thousandths of the money
CENT = SCALE // 100


def exact(amount: Decimal) -> int:
    """An amount of money in the ledger's ten-thousandths (a finer one rounded, halves
    away from zero: a money value from an older file may have more than four decimals)."""
    return int((Decimal(amount) * SCALE).to_integral_value(rounding=ROUND_HALF_UP))


def as_money(amount: int) -> Decimal:
    """The ledger's ten-thousandths as money: 47000 -> Decimal("4.7")."""
    return Decimal(amount) / SCALE


def in_cents(amount: int) -> int:
    """Ten-thousandths that are whole cents, as cents."""
    return amount // CENT


def from_cents(cents: int) -> Decimal:
    """Whole cents as money: 470 -> Decimal("4.70")."""
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


def allocate(wanted: dict, total: int) -> dict:
    """Each wanted amount (any number: int, Fraction, Decimal) as a whole number, adding up
    to `total`: each rounded down, and what that leaves over going one each to the largest
    fractions (then in the order given); were there fewer than none, one each is taken from
    the smallest fractions. Amounts that add up to `total` are never more than one away.
    """
    wanted = {key: Fraction(amount) for key, amount in wanted.items()}
    whole = {key: math.floor(amount) for key, amount in wanted.items()}
    order = list(wanted)
    by_fraction = sorted(order, key=lambda key: (whole[key] - wanted[key], order.index(key)))
    over = total - sum(whole.values())
    while over and by_fraction:
        step = 1 if over > 0 else -1
        chosen = by_fraction if over > 0 else list(reversed(by_fraction))
        for key in chosen[: abs(over)]:
            whole[key] += step
        over = total - sum(whole.values())
    return whole


def shared(total: int, keys) -> dict:
    """`total` shared equally among `keys`, in whole units, the odd ones to the first."""
    keys = list(keys)
    return allocate({key: Fraction(total, len(keys)) for key in keys}, total)


def whole_cents(amounts: dict) -> dict:
    """Exact amounts (ten-thousandths) adding up to zero, each in whole cents, still adding
    up to zero."""
    return allocate({key: Fraction(amount, CENT) for key, amount in amounts.items()}, 0)
