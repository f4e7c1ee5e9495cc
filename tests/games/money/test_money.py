"""A game's money value (games/money/money.py)."""

from decimal import Decimal
from types import SimpleNamespace

from games.money.money import stake_of


def test_a_money_value_that_is_empty_zero_or_unreadable_is_no_money_game():
    for meta in ({}, {"stake": ""}, {"stake": "0"}, {"stake": "lots"}, {"stake": "NaN"}):
        assert stake_of(SimpleNamespace(meta=meta)) is None
    assert stake_of(SimpleNamespace(meta={"stake": "0.05"})) == Decimal("0.05")
