"""Settling a Tridge match: each person's result and the fewest payments that clear it.

Pure Python, like the engine. Chips are exact whole numbers; a money value per chip
is a Decimal, so "0.05 a chip" never rounds a payment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from games.money.payments import Payment, fewest_payments

# The funds on the table behave as one more party: the people whose chips go into what
# is left for a later match pay it, as a real table leaves the money there; what an
# earlier match left, and this one shared out, it pays.
KEPT = "the table"


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
    chips: int = 0  # what each person started with
    # What the payments square: the results, and the table as a party when it has a balance.
    balances: dict[str, int] = field(default_factory=dict)

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
        chips=chips,
        balances=balances,
    )
