"""Fifth's engine: pure Python, like every game's."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.scores import GameScore, HandScore, top_scorers
from games.engine.sheet import HouseRules, SheetError


@dataclass(frozen=True)
class Settings(HouseRules):
    target: int = 10


@dataclass(slots=True)
class Hand:
    points: dict[str, int]


def score(sheet) -> GameScore:
    players = sheet.players
    totals = dict.fromkeys(players, 0)
    hands = []
    for number, hand in enumerate(sheet.hands, start=1):
        if max(totals.values()) >= sheet.settings.target:
            raise SheetError("hands", "the game is over before this hand", number)
        for name, points in hand.points.items():
            totals[name] += points
        dealer = players[(number - 1) % len(players)]
        hands.append(HandScore(number, dealer, dict(hand.points), dict(totals)))
    finished = max(totals.values()) >= sheet.settings.target
    return GameScore(
        game="fifth",
        standings=totals,
        hands=hands,
        finished=finished,
        winners=top_scorers(totals) if finished else [],
        next_dealer=None if finished else players[len(hands) % len(players)],
    )
