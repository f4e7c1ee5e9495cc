"""What every engine returns: the scored game, as `manage.py score` prints it
(docs/SHEET.md#the-scored-game)."""

from __future__ import annotations

from dataclasses import dataclass, field


# Slots: a long sheet builds one HandScore a hand, and slots make each one cheaper.
@dataclass(slots=True)
class HandScore:
    """One sheet hand after scoring: its change and the running totals after it.

    `details` carries what the game adds (a contract's value, made or failed, the
    Tridge funds after the hand, ...) under the keys the JSON output uses. Tridge
    scores into its own `ScoredHand` (games/tridge/tally.py), which reads the same
    (number, dealer, deltas, totals, details, as_json) but builds its details on demand.
    """

    number: int
    dealer: str
    deltas: dict[str, int]
    totals: dict[str, int]
    details: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {
            "number": self.number,
            "dealer": self.dealer,
            **self.details,
            "deltas": self.deltas,
            "totals": self.totals,
        }


@dataclass
class GameScore:
    game: str
    standings: dict[str, int]
    hands: list[HandScore]
    finished: bool
    winners: list[str]
    next_dealer: str | None
    details: dict = field(default_factory=dict)

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "standings": self.standings,
            "hands": [hand.as_json() for hand in self.hands],
            "finished": self.finished,
            "winners": self.winners,
            "next_dealer": self.next_dealer,
            **self.details,
        }


def top_scorers(standings: dict[str, int]) -> list[str]:
    """Everyone on the highest total, in seating order: ties share the win."""
    best = max(standings.values())
    return [name for name, total in standings.items() if total == best]
