"""What the screens need of each game beyond its engine: its hand form, if it has one.

A game is enterable once its folder has a `forms.py` with a `HandForm`; until then
the app offers it as "coming" and can still import, score and show its sheets.
"""

from __future__ import annotations

import importlib
from functools import cache

from games.registry import GAMES


@cache
def entry(kind: str):
    try:
        return importlib.import_module(f"games.{kind}.forms")
    except ModuleNotFoundError:
        return None


def enterable(kind: str) -> bool:
    return entry(kind) is not None


def kinds():
    """Every game, with whether hands can be entered in the app yet."""
    return [(game, enterable(key)) for key, game in GAMES.items()]
