"""Fifth's sheet reader: each hand is {"points": {name: points}} for every player."""

from __future__ import annotations

from games.engine.sheet import Fields, by_player, check_whole, read_hands
from tests.games.fifth.rules import Hand


def read(top: Fields, players, settings):
    def read_hand(fields: Fields) -> Hand:
        def whole(value, name):
            return check_whole(value, name, hand=fields.hand)

        points = by_player(fields, "points", players, whole)
        missing = [name for name in players if name not in points]
        if missing:
            raise fields.error(f"points.{missing[0]}", "is missing")
        fields.finish()
        return Hand(points)

    return read_hands(top, read_hand), {}
