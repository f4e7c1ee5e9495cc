"""What a game's money is: one facet of the game contract (`GameKind.money`), declared in
each game's own game.py.

Pure Python, like the engines: what a finished game comes to in its own units for each
person, what it leaves on the table for a later game and how that is shared out or
carried, how the table ends a game early, and the board's notes of who is up or down.
The group's ledger (games/money/) reads this facet to write its entries; nothing here
reads or writes money that was paid.

`Money` is the facet of a game played for points, settled by the difference between the
scores; a game with chips on the table (Tridge) declares its own subclass.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from games.engine.sheet import members
from games.engine.words import money_text


def stake_of(game) -> Decimal | None:
    """The game's money value (`game.meta["stake"]`, a decimal string: "0.05"), or None when
    it is not played for money. Money per chip in Tridge, per point in the other games."""
    try:
        stake = Decimal(str(game.meta.get("stake") or ""))
    except InvalidOperation:
        return None
    return stake if stake.is_finite() and stake > 0 else None


class Money:
    """A game played for points: each player pays every other the difference between
    their scores. A game is its class, never an instance (games/engine/kind.py)."""

    # What the money value is of: "Money per point" on the new game form and the evening.
    UNIT = "point"
    # Where `results` is not the default, how the game's results are settled, in one
    # sentence the evening's settlement says after the default rule; None: the default.
    SETTLES_TEXT: str | None = None
    # The table's choices kept in a game's meta that its next game keeps too.
    KEPT_CHOICES: tuple[str, ...] = ("stake",)
    # Whether a finished game can leave chips on the table for a later game of its kind.
    LEAVES = False

    @staticmethod
    def results(game, score) -> dict[str, int]:
        """What each person won (+) or lost (−) in a finished game, in the game's units, not
        counting what goes to or comes from the table: adding up to minus what it leaves
        on the table (`left`) plus what it took from there.

        Each player pays every other the difference between their scores, which comes to
        n × score − total for each of n sides. Where players score in teams ("Ana & Cy"),
        the teams settle so, and each member wins or loses their team's amount: with two
        teams, each member of the losing team pays the difference between the teams.
        """
        total, sides = sum(score.standings.values()), len(score.standings)
        return {
            person: sides * points - total
            for side, points in score.standings.items()
            for person in members(side)
        }

    @staticmethod
    def left(game, score) -> int:
        """The chips a finished game leaves in its funds, for the table (before any share)."""
        return 0

    @staticmethod
    def share(game, score) -> int:
        """The chips each person takes from the funds when they are shared out; 0 when they
        are kept on the table."""
        return 0

    @staticmethod
    def leaves(game, score) -> dict:
        """What a finished game leaves for a later game of its kind, as the house rules the
        app sets in that game (Tridge's funds kept): what several games left adds up key by
        key. Default nothing."""
        return {}

    @staticmethod
    def carried(rules: dict) -> int:
        """The chips an earlier game left that a game with these house rules started with."""
        return 0

    @staticmethod
    def left_words(left: dict) -> str:
        """What `leaves` gave, as the table counts it: "120 chips"."""
        return ""

    @staticmethod
    def may_be_over(game) -> bool:
        """Whether the game can be over as its rules stand, at a glance (no hand read)."""
        return True

    @staticmethod
    def share_out(game) -> bool:
        """Share what `game` left on the table among its people, by its house rule: change
        `game` (its meta) so that it leaves only what cannot be shared; say whether it did."""
        return False

    @staticmethod
    def end(game, hands: int, by: str) -> bool:
        """End the game after `hands` hands though it is not over (Tridge's match ended by
        the table): change `game`'s rules and meta and say so. Most games end by their own
        rules alone: they cannot."""
        return False

    @staticmethod
    def ending_words(game, score) -> str:
        """What ending the game here does, for the screen that asks (empty: it cannot)."""
        return ""

    @classmethod
    def notes(cls, game, score) -> dict:
        """The board's money beside the scores, once the table set a money value: what each
        side is up or down (at the end: wins or pays), under its total."""
        stake = stake_of(game)
        if stake is None:
            return {}
        results = cls.results(game, score)
        notes = {}
        for side in score.standings:
            people = members(side)
            amount = results[people[0]] * stake
            each = "each " if len(people) > 1 else ""
            # Before the end nobody pays yet: a side is up or down.
            verb = ("wins", "pays") if score.finished else ("up", "down")
            verb = verb[0] if amount > 0 else verb[1]
            notes[side] = f"{each}{verb} {money_text(abs(amount))}" if amount else "square"
        after = "each wins or pays" if score.finished else "each is up or down so far"
        return {
            "standing_notes": notes,
            "standing_caption": f"Money at {stake} a {cls.UNIT}: {after}.",
        }
