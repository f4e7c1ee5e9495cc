"""The game contract: everything the app asks of a game, declared once.

Each game's folder declares one subclass in `games/<key>/game.py`, and
`games/engine/registry.py` lists it on one line. Shared code (the boards, the player page,
hand entry, the views and templates) reads a game only through these names and never
asks which game it is. A part comes from the first of: what the game's class declares;
what its folder holds under the usual name (`from_folder`: its engine, its hand form,
its words, its templates...); the default below. docs/GAMES.md describes each part.

A game is its class, never an instance: its parts are constants and plain functions
(`staticmethod`), so `GAMES[key].score(sheet)` reads like the engine it is.
"""

from __future__ import annotations

import inspect
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from games.engine import words
from games.engine.glossary import EMPTY, Glossary
from games.engine.money import Money

# What every game's class declares itself: nothing in its folder could say it. Its money
# too: a facet of its own (games/engine/money.py), chosen in its game.py, never by a name.
REQUIRED = ("NAME", "SEATS", "PLAYERS_TEXT", "SUMMARY", "money")


class GameKind:
    # The templates read a game's parts (`engine.NAME`): a class is callable, and a
    # template would otherwise call it.
    do_not_call_in_templates = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, part in from_folder(cls).items():
            if name not in vars(cls):  # what the class declares comes first
                setattr(cls, name, part)
        missing = [name for name in REQUIRED if name not in vars(cls)]
        if missing:
            raise TypeError(f"{cls.__name__} does not declare {', '.join(missing)}")

    # --- who and what ------------------------------------------------------------
    KEY: str  # the sheet's "game", the URL's and the database's name: the folder's name
    NAME: str
    SEATS: tuple[int, ...]  # how many may play: (3, 4) for three or four
    HAND = "hand"  # what the screens call one record of the sheet (Cardigan: "deal")
    SIDE = "player"  # who a line of the standings is: a player, or a team
    PLAYERS_TEXT: str  # "3 players", for the home and rules pages
    SUMMARY: tuple[str, ...]  # our own short reading of the game, one paragraph each

    # --- the engine (pure Python) and the sheet reader -------------------------------
    RULES: object  # the engine's module, the folder's rules.py
    RECORDS: object  # the sheet reader's module, the folder's records.py
    Settings: type  # the house rules' dataclass of defaults: rules.Settings

    @staticmethod
    def score(sheet):
        """The checked `Sheet` scored: a `games.engine.scores.GameScore` (rules.score)."""
        raise NotImplementedError

    @staticmethod
    def read(top, players, settings):
        """The sheet's hands as records, and its other top-level keys: (hands, extra)
        (records.read)."""
        raise NotImplementedError

    # --- the tally (optional, games/play/tallies.py) ---------------------------------------
    # An engine that can stop between two hands keeps what the next one needs
    # (`Tally(players, settings).play(hands)`, then `.result(hands)`), and
    # `hand_reader(players, settings)` reads one record for it. Default none: every
    # save then scores the whole sheet.
    Tally = None
    hand_reader = None

    @classmethod
    def engine_modules(cls) -> list:
        """The modules the engine and the sheet reader are made of: `RULES`, `RECORDS` and
        the game's own modules they take names from (Tridge's rules.py takes its `Tally`
        from tally.py, which takes the table from table.py...). A tally kept between
        saves is played on only by the code that made it (games/play/tallies.py)."""
        package = cls.RULES.__package__
        found, todo = {}, [cls.RULES, cls.RECORDS]
        while todo:
            module = todo.pop()
            if module.__name__ not in found:
                found[module.__name__] = module
                todo += [
                    used
                    for value in vars(module).values()
                    if (used := inspect.getmodule(value)) and used.__package__ == package
                ]
        return [found[name] for name in sorted(found)]

    # --- the screens -----------------------------------------------------------------
    # The hand form (forms.HandForm); without one the app offers the game as "coming".
    HandForm = None
    BOARD_TEMPLATE = None  # scoreboard parts under the standings: "<key>/board.html"
    MORE_TEMPLATE = None  # what goes at the foot of the scoreboard: "<key>/more.html"
    STYLESHEET = None  # a static path: "<key>/<key>.css"
    # The game's own screens, as path()s whose views are wrapped in games.play.access.way_in,
    # included under each way into a game at <key>/ (games/urls.py): urls.SCREENS.
    SCREENS = ()
    # Which of them a phone keeps for use with no signal (games/offline.py), by name.
    KEPT_SCREENS: tuple[str, ...] = ()
    # What the player page calls the average of a player's finished games.
    RESULT = "Average final score"
    # Constants the game's own templates read besides the board's context, by name
    # (Cardigan's `engine.TABLES.full_suits`); default none.
    TABLES: dict = {}

    # --- the money (games/engine/money.py) ------------------------------------------
    # What the game comes to in money, what it leaves on the table, how it ends early and
    # the board's money notes: one facet, declared in each game's game.py.
    money: type[Money]

    # --- the rules page --------------------------------------------------------------
    # The numbers the game scores with, for the rules page: "<key>/numbers.html", given
    # the engine's module (`RULES`) as `rules` and the game's default `Settings()` as
    # `defaults`. It reads every number from them, never typing one again, so the page
    # cannot drift from the scoring. Default none.
    NUMBERS_TEMPLATE = None
    # The game's words a newcomer may not know, and the rules page's numbered sections
    # they cite: its glossary.py (`SECTIONS`, `TERMS`), read by every screen through the
    # `{% term %}` tag. Default none.
    GLOSSARY: Glossary = EMPTY

    @classmethod
    def enterable(cls) -> bool:
        return cls.HandForm is not None

    # --- the game's words (words.describe, words.describe_record, words.field_words) ---
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
        words (games/play/merge.py); a game names its fields and their values in its words.py.
        """
        return words.read_field(key, value)

    # --- the next game ---------------------------------------------------------------
    @classmethod
    def next_game(cls, game, score) -> tuple[str, dict, dict]:
        """The next game with the same people: who deals its first hand, its house rules and
        the table's choices kept in its meta (the money value). By default the deal passes
        on as after any hand: to the left of the last hand's dealer."""
        first = score.next_dealer or cls.deals_after(game.players, score)
        kept = cls.money.KEPT_CHOICES
        return first, game.rules, {k: v for k, v in game.meta.items() if k in kept}

    @staticmethod
    def deals_after(players, score) -> str:
        """Who deals after the last hand of a finished game: the next person to the left."""
        if not score.hands:
            return players[0]
        return players[(players.index(score.hands[-1].dealer) + 1) % len(players)]

    # --- the board and hand entry ------------------------------------------------------
    @classmethod
    def board_context(cls, game, score) -> dict:
        """What the board shows besides the scores. By default the money facet's notes: once
        the table set a money value, what each side is up or down (at the end: wins or
        pays), under its total (`standing_notes`, read by the shared standings)."""
        return cls.money.notes(game, score)

    @staticmethod
    def preview_context(form, score, record: dict) -> dict:
        """The game's words for the live preview (the shared one lists every change)."""
        return {}

    # --- hands entered with no signal (static/js/queue.js) ------------------------------
    @staticmethod
    def form_after(form):
        """The blank form of the hand after `form`'s, dealt as usual, where the game knows
        who deals it without scoring: a phone with no signal enters the next hands on such
        forms (the entry page carries a round of them). None, the default: who deals is not
        known offline (Bid Fair's leader deals), and the phone says so."""
        return None

    # The posted field and value that make a hand a redeal, dealt again by the same dealer
    # (Contractor's one-tap "All passed: redeal"), for the forms after it offline; None.
    REDEAL: tuple[str, str] | None = None

    @staticmethod
    def last_hand(form) -> int | None:
        """The number of the game's last hand as it stands at `form`'s, where the game knows
        it without scoring: a redeal (`REDEAL`) before it puts it one further. A phone with
        no signal is offered no form past it, and says the game's end is reached
        (games/play/offline.py). None, the default: the end is not known before the scores
        (Bid Fair's 800, a Tridge match not planned)."""
        return None

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

    # --- the player page -----------------------------------------------------------
    @staticmethod
    def result(game, side: str, score) -> int:
        """What a finished game counts for `side` in the player page's average."""
        return score.standings[side]

    @staticmethod
    def figures(name: str, game, score):
        """The player page's own figures: (label, number) pairs that add up across games
        (stats.figures)."""
        return ()


def from_folder(kind) -> dict:
    """The parts a game's folder gives under their usual names (docs/GAMES.md, "The folder").

    The folder is the package of the module declaring the class (games/tridge/ for
    games.tridge.game), and its name is the game's `KEY`. The engine (rules.py) and the
    sheet reader (records.py) must be there; each of the other modules and templates
    gives its parts when the folder holds it, and leaves the defaults when not.
    """
    package = kind.__module__.rpartition(".")[0]
    key = package.rpartition(".")[2]
    rules, records = import_module(f"{package}.rules"), import_module(f"{package}.records")
    parts = {
        "KEY": key,
        "RULES": rules,
        "RECORDS": records,
        "Settings": rules.Settings,
        "score": staticmethod(rules.score),
        "read": staticmethod(records.read),
    }
    if forms := _module(package, "forms"):
        parts["HandForm"] = forms.HandForm
    if said := _module(package, "words"):
        parts["describe"] = staticmethod(said.describe)
        parts["describe_record"] = staticmethod(said.describe_record)
        parts["field_words"] = staticmethod(said.field_words)
    if terms := _module(package, "glossary"):
        parts["GLOSSARY"] = Glossary(key, terms.SECTIONS, terms.TERMS)
    if stats := _module(package, "stats"):
        parts["figures"] = staticmethod(stats.figures)
    if urls := _module(package, "urls"):
        parts["SCREENS"] = urls.SCREENS
    folder = Path(import_module(package).__file__).parent
    for name, template in TEMPLATES.items():
        if (folder / "templates" / key / template).exists():
            parts[name] = f"{key}/{template}"
    if (folder / "static" / key / f"{key}.css").exists():
        parts["STYLESHEET"] = f"{key}/{key}.css"
    return parts


# The folder's templates (templates/<key>/...) that are parts of the contract.
TEMPLATES = {
    "BOARD_TEMPLATE": "board.html",
    "MORE_TEMPLATE": "more.html",
    "NUMBERS_TEMPLATE": "numbers.html",
}


def _module(package: str, name: str):
    """The folder's module `name`, imported, or None when the folder has none."""
    return import_module(f"{package}.{name}") if find_spec(f"{package}.{name}") else None
