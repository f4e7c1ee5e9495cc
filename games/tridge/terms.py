"""Tridge's terms: the numbers it plays with, its house rules (`Settings`) and what a hand
can be (the records the sheet reader makes, games/tridge/records.py). Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from games.engine.sheet import HouseRules

TRICKS = 9
# Winning the first five tricks is what lets a play bid go on for all nine.
TRICKS_BEFORE_GOING_FOR_ALL = 5

DIAMONDS = "D"
# The run of top trumps is longer in the red suits, whose ace is the fourth trump.
MAX_HONOURS = {"S": 3, "H": 4, "D": 4, "C": 3}
HONOUR_WORTH = {"S": 1, "H": 1, "D": 2, "C": 1}

BIDS = ("play", "flip", "no_change", "no_tricks", "all_tricks", "fixed")
NORMAL_BIDS = frozenset({"play", "flip", "no_change"})
SLAM_BIDS = frozenset({"no_tricks", "all_tricks"})
INCOMER_BIDS = ("play", "no_tricks", "all_tricks")
TARGETS = (1, 2, 3)

# Outcomes as the JSON details name them.
WIN = "win"
DRAW = "draw"
LOSE = "lose"
ONE_OFF = "one_off"


@dataclass(frozen=True)
class Settings(HouseRules):
    """The house rules of one game; every Tridge default lives here and only here."""

    chips: int = 500
    game_contribution: int = 5
    widow_contribution: int = 25
    # A multiple of the base fund (game_contribution x people), the same for every fund.
    fund_cap: int = 4
    flip: int = 5
    no_change: int = 10
    no_change_diamonds: int = 20
    # What no tricks, all tricks and going for all are worth to every other person.
    slam: int = 40
    fixed_bonus: dict[str, int] = field(default_factory=lambda: {"1": 20, "2": 10, "3": 5})
    fixed_penalty: dict[str, int] = field(default_factory=lambda: {"1": 5, "2": 4, "3": 3})
    # Planned hands; None plays on until the table stops.
    hands: int | None = None
    # The funds an earlier match of the same people left on the table (its game fund,
    # its reserves together, its widow's fund), in play again from hand 1. The app sets
    # them when it starts the next match (games/tridge/game.py), never the new game form.
    carried_game: int | None = None
    carried_reserves: int | None = None
    carried_widow: int | None = None

    AT_LEAST_ONE: ClassVar[frozenset] = frozenset(
        {"game_contribution", "widow_contribution", "fund_cap", "hands"}
    )
    SET_BY_APP: ClassVar[frozenset] = frozenset(
        {"carried_game", "carried_reserves", "carried_widow"}
    )


# --- the hands of a sheet ---------------------------------------------------
#
# Records are plain slots dataclasses, not frozen ones (see games/engine/sheet.py): read-only.


@dataclass(slots=True)
class Played:
    """A hand somebody played: the bid, its trumps and honours, and the tricks taken.

    `tricks` names the people in play, in seating order: three of them, or all four
    when the dealer came in (`incomer`).
    """

    player: str
    bid: str
    trumps: str
    honours: int
    tricks: dict[str, int]
    target: int | None = None
    went_for_all: bool = False
    incomer: bool = False


@dataclass(slots=True)
class Passed:
    """Everyone passed and nobody took up a fixed-trick bid or came in."""


@dataclass(slots=True)
class Void:
    """The discard pack had the wrong number of cards: the hand does not count."""


@dataclass(slots=True)
class IncomerDeclined:
    """Four people: the dealer paid to come in, then chose not to play."""


PASSED = Passed()
VOID = Void()
INCOMER_DECLINED = IncomerDeclined()


def dealer_of(number: int, players) -> str:
    # The deal passes left after every hand, passed and void ones included.
    return players[(number - 1) % len(players)]
