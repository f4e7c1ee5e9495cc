"""Settling a Tridge evening: each person's result and the fewest payments that clear it.

Pure Python, like the engine. Chips are exact whole numbers; a money value per chip
is a Decimal, so "0.05 a chip" never rounds a payment.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

# The funds on the table behave as one more party: the people whose chips go into what
# is left for a later match pay it, as a real table leaves the money there; what an
# earlier match left, and this one shared out, it pays.
KEPT = "the table"
# Trying every way to group people is exact and instant for a card table (Bell(6) = 203);
# past that the greedy matching is used, which is never more than one payment per person.
EXACT_UP_TO = 8


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    chips: int


@dataclass(frozen=True)
class Settlement:
    results: dict[str, int]
    on_table: int
    split: bool
    share: int
    left_over: int
    payments: list[Payment]
    chip_value: Decimal | None
    carried: int = 0  # the chips an earlier match left on the table for this one

    def money(self, chips: int) -> Decimal | None:
        if self.chip_value is None:
            return None
        return (self.chip_value * chips).quantize(Decimal("0.01"))


def funds_on_table(funds: dict) -> int:
    return funds["game"] + sum(funds["reserves"]) + funds["widow"]


def settle(players, chips, score, split_funds=False, chip_value=None, carried=0) -> Settlement:
    """The settlement of a scored Tridge game (a GameScore with standings and funds)."""
    on_table = funds_on_table(score.details["funds"])
    share, left_over = divmod(on_table, len(players)) if split_funds else (0, on_table)
    results = {name: score.standings[name] - chips + share for name in players}
    balances = dict(results)
    if left_over != carried:
        # What nobody takes home stays on the table: those who are down pay it in; what
        # the table had from an earlier match and has no more, it pays out.
        balances[KEPT] = left_over - carried
    return Settlement(
        results=results,
        on_table=on_table,
        split=split_funds,
        share=share,
        left_over=left_over if split_funds else 0,
        payments=fewest_payments(balances),
        chip_value=chip_value,
        carried=carried,
    )


def fewest_payments(balances: dict[str, int]) -> list[Payment]:
    """Payments that bring every balance to zero, as few as there can be.

    A group of k people whose balances add up to zero settles in k - 1 payments, so
    the fewest payments come from splitting everyone into as many zero-sum groups as
    possible and settling each group on its own.
    """
    owed = {name: amount for name, amount in balances.items() if amount}
    if sum(owed.values()) != 0:
        raise ValueError("balances must add up to zero")
    names = list(owed)
    groups = best_grouping(names, owed) if len(names) <= EXACT_UP_TO else [names]
    payments = []
    for group in groups:
        payments.extend(settle_group({name: owed[name] for name in group}))
    return payments


def best_grouping(names, owed):
    best = [names]
    for grouping in partitions(names):
        if len(grouping) > len(best) and all(sum(owed[n] for n in g) == 0 for g in grouping):
            best = grouping
    return best


def partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        for index in range(len(smaller)):
            yield smaller[:index] + [[first, *smaller[index]]] + smaller[index + 1 :]
        yield [[first], *smaller]


def settle_group(owed: dict[str, int]) -> list[Payment]:
    """The biggest debtor pays the biggest creditor until the group is square."""
    debtors = {name: -amount for name, amount in owed.items() if amount < 0}
    creditors = {name: amount for name, amount in owed.items() if amount > 0}
    payments = []
    while debtors:
        payer = max(debtors, key=lambda name: (debtors[name], name))
        payee = max(creditors, key=lambda name: (creditors[name], name))
        amount = min(debtors[payer], creditors[payee])
        payments.append(Payment(payer, payee, amount))
        for side, name in ((debtors, payer), (creditors, payee)):
            side[name] -= amount
            if not side[name]:
                del side[name]
    return payments
