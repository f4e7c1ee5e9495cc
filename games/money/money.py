"""A game's money value: the table's choice kept in its meta ("stake", a decimal string).

Money per chip in Tridge, per point in the other games; without one, a game is not
played for money. Pure Python: Decimal, so "0.05 a chip" never rounds a payment.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation


def stake_of(game) -> Decimal | None:
    """The game's money value, or None when it is not played for money."""
    try:
        stake = Decimal(str(game.meta.get("stake") or ""))
    except InvalidOperation:
        return None
    return stake if stake.is_finite() and stake > 0 else None
