"""A player's record across every game they sat in, computed from the sheets.

Queries are fixed: the player's seats with their games, and all those games' hands.
Each game brings its own figures and what a finished game counts for (games/kind.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch

from games.models import Hand, Seat
from games.registry import GAMES
from games.services import score_records
from games.sheet import SheetError


@dataclass
class KindRecord:
    name: str
    result: str  # what the average is of: "Average final score"
    played: int = 0
    finished: int = 0
    won: int = 0
    results: list[int] = field(default_factory=list)
    figures: dict[str, int] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        return round(sum(self.results) / len(self.results), 1) if self.results else None


def side_of(name: str, standings: dict) -> str:
    """The player's own line in the standings: their name, or their team ("Ana & Cy")."""
    if name in standings:
        return name
    return next(side for side in standings if name in side.split(" & "))


def player_record(player) -> dict[str, KindRecord]:
    seats = (
        Seat.objects.filter(player=player)
        .select_related("game")
        .prefetch_related(Prefetch("game__hands", queryset=Hand.objects.order_by("number")))
    )
    records = {key: KindRecord(game.NAME, game.RESULT) for key, game in GAMES.items()}
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
            record.results.append(game.engine.result(game, side, score))
        for label, number in game.engine.figures(name, game, score):
            record.figures[label] = record.figures.get(label, 0) + number
    return {key: record for key, record in records.items() if record.played}
