"""The games the app knows, by key: one line each (declared in games/engine/kind.py's terms).

A game's screens import the app's models and services, which read `GAMES`: so the
games are loaded once the app is ready (games/apps.py), as Django's admin finds its
`admin.py` modules, and `GAMES` is filled then.

A whole sheet is read here too, since its `game` says which of them reads its hands:
games/engine/sheet.py holds the parts every game shares and knows no game.
"""

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

from games.engine.forms import BaseHandForm
from games.engine.sheet import (
    FORMAT,
    Fields,
    JSONRefused,
    Sheet,
    SheetError,
    describe,
    parse_json,
    read_players,
    read_settings,
)

GAME_CLASSES = [
    "games.contractor.game.Contractor",
    "games.bid_fair.game.BidFair",
    "games.tridge.game.Tridge",
    "games.cardigan.game.Cardigan",
]

GAMES = {}


def register(kind) -> None:
    # Shared code calls the hand form's declared parts, never asks whether it has them.
    if kind.HandForm is not None and not issubclass(kind.HandForm, BaseHandForm):
        raise ImproperlyConfigured(
            f"{kind.KEY}'s HandForm must subclass games.engine.forms.BaseHandForm"
        )
    GAMES[kind.KEY] = kind


def load() -> None:
    for path in GAME_CLASSES:
        register(import_string(path))


def score_sheet(sheet):
    """Score a checked `Sheet` with its game's engine."""
    return GAMES[sheet.game].score(sheet)


def read_sheet(data: Any) -> Sheet:
    """Check a parsed JSON document and return its typed `Sheet`, or raise SheetError."""
    top = Fields(data, name="sheet")
    fmt = top.value("format")
    if fmt != FORMAT:
        raise SheetError("format", f"must be {FORMAT!r}, not {describe(fmt)}")
    key = top.value("game")
    game = GAMES.get(key) if isinstance(key, str) else None
    if game is None:
        raise SheetError("game", f"must be one of {' '.join(GAMES)}, not {describe(key)}")
    players = read_players(top.value("players"), game.SEATS)
    settings = read_settings(game.Settings, top.value("rules", {}))
    hands, extra = game.read(top, players, settings)
    top.finish()
    return Sheet(game=key, players=players, settings=settings, hands=hands, extra=extra)


def load_sheet(text: str | bytes) -> Sheet:
    """Parse JSON text and read it; malformed JSON is a SheetError like any other fault."""
    try:
        data = parse_json(text)
    except JSONRefused as error:
        raise SheetError("sheet", str(error)) from None
    return read_sheet(data)
