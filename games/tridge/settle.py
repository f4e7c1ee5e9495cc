"""A Tridge match's chips as its board shows them: each person's result, the funds on the
table, and their money at the table's value per chip.

Pure Python, like the engine. Chips are exact whole numbers; a money value per chip
is a Decimal, so "0.05 a chip" never rounds. Who pays whom is the group's ledger's
(games/money/, docs/MONEY.md), not this.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Settlement:
    results: dict[str, int]  # chips held less chips dealt, with a share of funds shared out
    on_table: int
    split: bool
    share: int
    left_over: int  # what cannot be shared when the funds are shared out
    chip_value: Decimal | None
    carried: int = 0  # the chips an earlier match left on the table for this one
    chips: int = 0  # what each person started with

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
    return Settlement(
        results=results,
        on_table=on_table,
        split=split_funds,
        share=share,
        left_over=left_over if split_funds else 0,
        chip_value=chip_value,
        carried=carried,
        chips=chips,
    )
