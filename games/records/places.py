"""Where a finished game left each side: its line in the standings, how many finished ahead,
and the words for it ("Won", "Joint 2nd of 4"). Stored with each seat's result
(games/records/results.py) and read back by a player's record (stats.py).
"""

from __future__ import annotations

from games.engine.sheet import members


def side_of(name: str, standings: dict) -> str:
    """The player's own line in the standings: their name, or their team ("Ana & Cy")."""
    if name in standings:
        return name
    return next(side for side in standings if name in members(side))


def rank(side: str, score) -> int:
    """How many sides finished ahead of `side`: winners are ahead of everyone else, and the
    rest go by their totals (every game's standings count up: the most is the best)."""
    winner = side in score.winners
    return sum(
        (other in score.winners) > winner
        or ((other in score.winners) == winner and total > score.standings[side])
        for other, total in score.standings.items()
    )


def outcome(side: str, score) -> str:
    """Where a finished game left `side`: "Won", "Tie", "Lost", "Joint 2nd of 4"."""
    sides = len(score.standings)
    if side in score.winners:
        return "Tie" if len(score.winners) == sides > 1 else "Won"
    if sides == 2:
        return "Lost"
    place = rank(side, score)
    level = sum(rank(other, score) == place for other in score.standings) > 1
    return f"{'Joint ' if level else ''}{ordinal(place + 1)} of {sides}"


def ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"
