"""A player's record across every game they sat in, computed from the sheets.

Queries are fixed: the player's seats with their games, and all those games' hands.
Each game's own figures come from `games/<kind>/stats.py` (`figures(name, game, score)`
returning (label, number) pairs that add up across games).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache

from django.db.models import Prefetch

from games.models import Hand, Seat
from games.registry import GAMES
from games.services import score_records
from games.sheet import SheetError


@cache
def figures_of(kind: str):
    try:
        return importlib.import_module(f"games.{kind}.stats").figures
    except ModuleNotFoundError:
        return None


@dataclass
class KindRecord:
    name: str
    played: int = 0
    finished: int = 0
    won: int = 0
    results: list[int] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        return round(sum(self.results) / len(self.results), 1) if self.results else None


def side_of(name: str, standings: dict) -> str:
    """The player's own line in the standings: their name, or their Cardigan team."""
    if name in standings:
        return name
    return next(side for side in standings if name in side.split(" & "))


def final_result(game, side: str, score) -> int:
    if game.kind == "tridge":
        return score.standings[side] - game.rules["chips"]
    return score.standings[side]


def player_record(player) -> dict[str, KindRecord]:
    seats = (
        Seat.objects.filter(player=player)
        .select_related("game")
        .prefetch_related(Prefetch("game__hands", queryset=Hand.objects.order_by("number")))
    )
    records = {key: KindRecord(game.NAME) for key, game in GAMES.items()}
    for seat in seats:
        game = seat.game
        name = game.players[seat.position]
        try:
            score = score_records(game, [hand.record for hand in game.hands.all()])
        except SheetError:
            continue
        record = records[game.kind]
        record.played += 1
        side = side_of(name, score.standings)
        if score.finished:
            record.finished += 1
            record.won += side in score.winners
            record.results.append(final_result(game, side, score))
        figures = figures_of(game.kind)
        if figures:
            for label, number in figures(name, game, score):
                record.figures[label] = record.figures.get(label, 0) + number
    return {key: record for key, record in records.items() if record.played}
