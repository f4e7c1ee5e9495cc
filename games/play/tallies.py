"""One more hand scored without reading the others: a game's tally kept between saves.

Every save is checked by its engine before it is stored (games/play/services.py). Scoring
the whole sheet again for that made a save into a long game read and score every hand
before it: 500 of them for hand 501, which `make bench` measured at 2.4x the time of
the bare write (2.9x by server CPU; issue 15 asks for 1.25x: docs/PERFORMANCE.md).
An engine that can stop between two hands (a `Tally`: Tridge, Contractor, Bid Fair)
leaves what the next hand needs, nothing of the hands themselves, and Django's cache
keeps it for the next save:

- It is filed under the game's `version`, which every change bumps in the change's own
  transaction, and only *after* that commit, by the process that made the change or
  read the hands under the game's lock: so the tally under a version is the one of the
  hands the game had at that version. A rolled-back save files nothing, and the version
  it would have used is then still the game's.
- The key also holds when the game was made (a restored backup may bring back an id the
  database had used) and a digest of the engine's source (after a deployment, a tally
  of the old code is never played on).
- A save that finds no tally, or finds the game changed since it read it, takes the
  careful path: the whole sheet, under the lock, as before.

Cardigan has no `Tally`: a game is four deals, so its whole sheet is already short.
"""

from __future__ import annotations

import functools
import hashlib
import inspect

from django.core.cache import cache
from django.db import transaction

from games.engine.registry import GAMES
from games.engine.sheet import Fields
from games.play import changes

TALLY_SECONDS = 3600  # a table's next save comes within minutes


def kind_of(game) -> object | None:
    """The game's engine when it can keep a tally, else None."""
    engine = GAMES[game.kind]
    return engine if engine.Tally is not None else None


@functools.cache
def _code(kind: str) -> str:
    """A digest of the game's engine and sheet reader, as this process loaded them."""
    digest = hashlib.sha256()
    for module in GAMES[kind].engine_modules():
        digest.update(inspect.getsource(module).encode())
    return digest.hexdigest()[:12]


def _key(game, version: int) -> str:
    return changes.tally_key(game, version, _code(game.kind))


def kept(game):
    """The tally of the game's hands at `game.version`, or None if none was kept."""
    if kind_of(game) is None:
        return None
    return cache.get(_key(game, game.version))


def start(sheet):
    """A tally of no hands yet, for the careful path to play the whole sheet on."""
    return GAMES[sheet.game].Tally(sheet.players, sheet.settings)


def play_next(game, tally, record: dict, number: int):
    """Read `record` as hand `number` and play it on `tally`: SheetError if it cannot be.

    The messages are the careful path's own: the same reader and the same engine.
    """
    read_hand = GAMES[game.kind].hand_reader(tally.players, tally.settings)
    return tally.play([read_hand(Fields(record, hand=number, name="hand"))])[0]


def keep_after_commit(game, version: int, tally) -> None:
    """File `tally` as the game's hands at `version`, once the change that made it is committed.

    None: the game keeps no tally (`kind_of`)."""
    if tally is None:
        return
    key = _key(game, version)
    transaction.on_commit(lambda: cache.set(key, tally, TALLY_SECONDS))
