"""The game contract: everything the app asks of a game, declared once.

Each game's folder declares one subclass in `games/<key>/game.py`, and
`games/registry.py` lists it on one line. Shared code (the boards, the player page,
hand entry, the views and templates) reads a game only through these names and never
asks which game it is: what a game leaves out takes the default below.
docs/GAMES.md describes each part.

A game is its class, never an instance: its parts are constants and plain functions
(`staticmethod`), so `GAMES[key].score(sheet)` reads like the engine it is.
"""

from __future__ import annotations

from games import words
from games.money import stake_of
from games.sheet import members
from games.templatetags.scorekeeper import money


class GameKind:
    # The templates read a game's parts (`engine.NAME`): a class is callable, and a
    # template would otherwise call it.
    do_not_call_in_templates = True

    # --- who and what ------------------------------------------------------------
    KEY: str  # the sheet's "game", the URL's and the database's name for it
    NAME: str
    SEATS: tuple[int, ...]  # how many may play: (3, 4) for three or four
    HAND = "hand"  # what the screens call one record of the sheet (Cardigan: "deal")
    SIDE = "player"  # who a line of the standings is: a player, or a team
    PLAYERS_TEXT: str  # "3 players", for the home and rules pages
    SUMMARY: tuple[str, ...]  # our own short reading of the game, one paragraph each

    # --- the engine (pure Python, games/<key>/rules.py and records.py) --------------
    Settings: type  # the house rules' dataclass of defaults

    @staticmethod
    def score(sheet):
        """The checked `Sheet` scored: a `games.scores.GameScore`."""
        raise NotImplementedError

    @staticmethod
    def read(top, players, settings):
        """The sheet's hands as records, and its other top-level keys: (hands, extra)."""
        raise NotImplementedError

    # Optional, for games/tallies.py: an engine that can stop between two hands keeps
    # what the next one needs (`Tally(players, settings).play(hands)`), and
    # `hand_reader(players, settings)` reads one record for it.
    Tally = None
    hand_reader = None

    # --- the screens -----------------------------------------------------------------
    HandForm = None  # the hand form; without one the app offers the game as "coming"
    BOARD_TEMPLATE = None  # scoreboard parts under the standings (next dealer, funds...)
    MORE_TEMPLATE = None  # what goes at the foot of the scoreboard
    STYLESHEET = None  # a static path, such as "contractor/contractor.css"
    # The game's own screens, as path()s whose views are wrapped in games.access.way_in,
    # included under each way into a game at <key>/ (games/urls.py).
    SCREENS = ()
    # What the player page calls the average of a player's finished games.
    RESULT = "Average final score"
    # What the game's money value is of (`game.meta["stake"]`, games/evening.py): the
    # money per what ("Money per point").
    STAKE_UNIT = "point"
    # How the game's `balances` differ from the default, in a sentence after the
    # evening's settlement says how results are settled; default none.
    BALANCES_TEXT = None

    # --- the rules page --------------------------------------------------------------
    # The numbers the game scores with, for the rules page: a template such as
    # "tridge/numbers.html", given the engine's module as `rules` and the game's default
    # `Settings()` as `defaults`. It reads every number from them, never typing one
    # again, so the page cannot drift from the scoring. Default none.
    NUMBERS_TEMPLATE = None
    RULES = None  # the engine's module, games/<key>/rules.py

    @classmethod
    def enterable(cls) -> bool:
        return cls.HandForm is not None

    @staticmethod
    def describe(record: dict, hand_score) -> str:
        """One line for the hand table: what the hand was and what it did."""
        return "Redeal" if record.get("redeal") else ""

    @staticmethod
    def describe_record(record: dict) -> str:
        """One line for a hand's history, from its record alone."""
        return ""

    @staticmethod
    def field_words(key: str, value) -> tuple[str, str]:
        """A field of a hand's record as a player reads it: ("Tricks", "Ana 5, Ben 3").

        Where two corrections of one hand meet, they are compared field by field in these
        words (games/merge.py); a game names its fields and their values in its words.py.
        """
        return words.read_field(key, value)

    @classmethod
    def next_game(cls, game, score) -> tuple[str, dict, dict]:
        """The next game with the same people: who deals its first hand, its house rules and
        the table's choices kept in its meta (the money value). By default the deal passes
        on as after any hand: to the left of the last hand's dealer."""
        first = score.next_dealer or cls.deals_after(game.players, score)
        return first, game.rules, {k: v for k, v in game.meta.items() if k in cls.KEPT_CHOICES}

    # The table's choices kept in a game's meta that its next game keeps too.
    KEPT_CHOICES = ("stake",)

    @staticmethod
    def leaves(game, score) -> dict:
        """What a finished game leaves the next game of the same people, however that is
        started (Play again, or a new game of the same kind): house rules the app sets,
        such as Tridge's funds kept on the table. Default nothing."""
        return {}

    @staticmethod
    def deals_after(players, score) -> str:
        """Who deals after the last hand of a finished game: the next person to the left."""
        if not score.hands:
            return players[0]
        return players[(players.index(score.hands[-1].dealer) + 1) % len(players)]

    @classmethod
    def board_context(cls, game, score) -> dict:
        """What the board shows besides the scores. By default, once the table set a money
        value, what each side is up or down (at the end: wins or pays), under its total
        (`standing_notes`, read by the shared standings)."""
        stake = stake_of(game)
        if stake is None:
            return {}
        balances = cls.balances(game, score)
        notes = {}
        for side in score.standings:
            people = members(side)
            amount = balances[people[0]] * stake
            each = "each " if len(people) > 1 else ""
            # Before the end nobody pays yet: a side is up or down.
            verb = ("wins", "pays") if score.finished else ("up", "down")
            verb = verb[0] if amount > 0 else verb[1]
            notes[side] = f"{each}{verb} {money(abs(amount))}" if amount else "square"
        after = "each wins or pays" if score.finished else "each is up or down so far"
        return {"standing_notes": notes, "standing_caption": f"Money at {stake} a point: {after}."}

    @staticmethod
    def preview_context(form, score, record: dict) -> dict:
        """The game's words for the live preview (the shared one lists every change)."""
        return {}

    @staticmethod
    def sheet_top(form) -> dict | None:
        """Top-level sheet keys that go with the hand the form holds (None removes one)."""
        return None

    @staticmethod
    def closing(score) -> tuple[str, dict[str, int]] | None:
        """What the game adds to the totals after its last hand, as (label, change by
        side), so that the hands' totals lead to the standings on every screen (the
        board's table and chart, the printable sheet, the CSV); default nothing."""
        return None

    @staticmethod
    def teams(players) -> tuple[str, ...]:
        """The teams' names in the standings, if players score in teams; seat colours follow."""
        return ()

    @staticmethod
    def result(game, side: str, score) -> int:
        """What a finished game counts for `side` in the player page's average."""
        return score.standings[side]

    @staticmethod
    def balances(game, score) -> dict[str, int]:
        """What each person won (+) or lost (-) in a finished game, in the game's units,
        adding up to zero: the evening's settlement pays it at the money value per unit.

        Each player pays every other the difference between their scores, which comes to
        n * score - total for each of n sides. Where players score in teams ("Ana & Cy"),
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
    def figures(name: str, game, score):
        """The player page's own figures: (label, number) pairs that add up across games."""
        return ()
