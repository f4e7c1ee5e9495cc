"""The fewest payments that clear a set of debts: a Tridge match's chips, an evening's cents.

Pure Python. Amounts are whole numbers, so nothing is ever rounded here.
"""

from __future__ import annotations

from dataclasses import dataclass

# Trying every way to group people is exact and instant for a card table (Bell(6) = 203);
# past that the greedy matching is used, which is never more than one payment per person.
EXACT_UP_TO = 8


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: int  # in whole units: chips, or cents


def fewest_payments(balances: dict[str, int], sorts_as=None) -> list[Payment]:
    """Payments that bring every balance to zero, as few as there can be.

    A group of k people whose balances add up to zero settles in k - 1 payments, so
    the fewest payments come from splitting everyone into as many zero-sum groups as
    possible and settling each group on its own. Equal amounts go by name (`sorts_as`: how
    a party's name sorts, where that is not the name itself).
    """
    owed = {name: amount for name, amount in balances.items() if amount}
    if sum(owed.values()) != 0:
        raise ValueError("balances must add up to zero")
    names = list(owed)
    groups = best_grouping(names, owed) if len(names) <= EXACT_UP_TO else [names]
    payments = []
    for group in groups:
        payments.extend(settle_group({name: owed[name] for name in group}, sorts_as))
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


def settle_group(owed: dict[str, int], sorts_as=None) -> list[Payment]:
    """The biggest debtor pays the biggest creditor until the group is square."""
    sorts_as = sorts_as or str
    debtors = {name: -amount for name, amount in owed.items() if amount < 0}
    creditors = {name: amount for name, amount in owed.items() if amount > 0}
    payments = []
    while debtors:
        payer = max(debtors, key=lambda name: (debtors[name], sorts_as(name)))
        payee = max(creditors, key=lambda name: (creditors[name], sorts_as(name)))
        amount = min(debtors[payer], creditors[payee])
        payments.append(Payment(payer, payee, amount))
        for side, name in ((debtors, payer), (creditors, payee)):
            side[name] -= amount
            if not side[name]:
                del side[name]
    return payments
