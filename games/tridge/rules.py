"""Tridge scoring (docs/RULES.md#tridge): pure Python, records in, a GameScore out.

Tridge is played for chips. Besides the people's chips there are a game fund, the
reserve funds (what did not fit in a capped fund, oldest first) and the widow's
fund; every payment moves chips between them, so none is ever created or lost.

This module is the engine's entry point, what the app reads (games/tridge/game.py); the
engine itself is four pure modules, each building on the one before:
- terms.py: the numbers, the house rules (`Settings`) and what a hand can be;
- table.py: the chips outside the people's hands, and every payment (`Table`);
- outcome.py: a played hand's outcome, and which payments it makes (`Scorer`);
- tally.py: a game between two hands, playing the next hands in order (`Tally`).

Where the usual accounts of Tridge leave a case open (docs/RULES.md#tridge), this engine
reads it as follows:
- only a payment for a draw or a loss spoils a fresh fund: a fixed bid one off (which
  takes from the fund) and an in-comer's quarter (paid in, played or declined) leave
  it as fresh as it was;
- a fresh fund already at the cap still takes the contributions of an all-pass, which
  go to a new reserve; from then on a reserve waits, so passing is free;
- going for all is only open to a player who took the first five tricks, so the
  sheet must show at least five for that player.
"""

from __future__ import annotations

from games.engine.scores import GameScore
from games.tridge.tally import Tally
from games.tridge.terms import (
    HONOUR_WORTH,
    MAX_HONOURS,
    TRICKS,
    TRICKS_BEFORE_GOING_FOR_ALL,
    Settings,
)

# What the app reads of the engine (games/tridge/game.py), and the numbers the rules page
# shows (tridge/numbers.html).
__all__ = [
    "HONOUR_WORTH",
    "MAX_HONOURS",
    "TRICKS",
    "TRICKS_BEFORE_GOING_FOR_ALL",
    "Settings",
    "Tally",
    "score",
]


def score(sheet) -> GameScore:
    tally = Tally(sheet.players, sheet.settings)
    return tally.result(tally.play(sheet.hands))
