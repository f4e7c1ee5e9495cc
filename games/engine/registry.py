"""The games the app knows, by key: one line each (declared in games/engine/kind.py's terms).

A game's screens import the app's models and services, which read `GAMES`: so the
games are loaded once the app is ready (games/apps.py), as Django's admin finds its
`admin.py` modules, and `GAMES` is filled then.
"""

from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

from games.engine.forms import BaseHandForm

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
