"""The game changed: its version moves on, and what was kept of the old one is out of reach.

Every change of a game (a hand added, corrected, deleted or put back, the game's own
rules or meta, a player's new name written into it) calls `bump` in the change's own
transaction, and nothing else moves a version; then `changed`, once the change is written,
so that what is kept in step with the game's hands (the group's ledger, each seat's stored
result: games/records/results.py) follows it.
Whatever Django's cache keeps of a game is keyed here, each key naming the version it
holds, or holding the version itself:

- the board's drawn part (`board_key`, games/views/games.py), kept under the version;
- the tally of the game's hands at a version (`tally_key`, games/play/tallies.py), filed
  after the change's commit by the process that made it;
- what a link's poll needs to be answered 304 before the database is asked
  (`way_key` and `version_key`, games/play/polls.py): `bump` forgets the version at once
  and files the new one after the commit.

`created` tells apart two databases' games of the same id and version (a fresh
db.sqlite3 beside an old cache folder, a restored backup).
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.dispatch import Signal

from games.models import Game

# Sent by `changed`, in the change's own transaction once everything of it is written, with
# `game` and `score`. What is built from a game's hands and kept in step with them listens:
# the group's ledger (games/money/) and each seat's result (games/records/results.py), which
# this layer never imports. A signal, Django's own, so that the layers above follow a change
# without the change knowing them.
game_changed = Signal()
# Sent by `changed_session` when a session is deleted or restored, with `session`, after its
# games' own `changed`: what belongs to an evening beside its games follows (the payments
# marked on its settlement).
session_changed = Signal()

# A poll's entries expire: this bounds what a process killed between a commit and its
# cache write can leave behind (games/play/polls.py).
POLL_SECONDS = 60


def bump(game: Game) -> bool:
    """Move the game on one version, in the change's transaction; False if it had moved on.

    The update takes the game's row lock, where the change holds none yet, and finds no
    row if another change was committed since `game` was read: then nothing is changed.
    Through the base manager: a change stored with a game deleted meanwhile moves it on too.
    """
    moved = Game._base_manager.filter(pk=game.pk, version=game.version)
    if not moved.update(version=F("version") + 1):
        return False
    game.version += 1
    # Forgotten at once too: until the commit, polls ask the view, and a reader that
    # files the version it read before the commit is overwritten by the commit's own.
    key, version = version_key(game.pk), game.version
    cache.delete(key)
    transaction.on_commit(lambda: cache.set(key, version, POLL_SECONDS))
    return True


def changed(game: Game, score=None) -> None:
    """Tell what follows the game's hands that it changed: a hand added, corrected, deleted
    or put back, its rules or meta, a name written into it, the game made (with its seats),
    imported, deleted or restored.

    Called inside the change's transaction, after its last write, so that what follows is
    written in the same transaction and nothing stale is ever read. `score`: the game as
    it now stands when the change scored it (its `hands` may be left out), else None.
    """
    game_changed.send(sender=Game, game=game, score=score)


def changed_session(session) -> None:
    """Tell what follows an evening that it was deleted or restored, in that transaction."""
    session_changed.send(sender=type(session), session=session)


def board_key(game: Game, role: str, way: str | int) -> str:
    """The board's drawn part, the same for everyone who comes in by one way (`role`, `way`)."""
    return f"board:{game.pk}:{game.created.timestamp()}:{game.version}:{role}:{way}"


def tally_key(game: Game, version: int, code: str) -> str:
    """The tally of the game's hands at `version`, played by the engine whose digest is `code`."""
    return f"tally:{game.pk}:{game.created.timestamp()}:{version}:{code}"


def version_key(pk) -> str:
    """The game's version, for a poll that finds its ETag current."""
    return f"version:{pk}"


def way_key(namespace: str, token: str) -> str:
    """Which game a link leads to (`namespace`: the share or co-scorer links)."""
    return f"way:{namespace}:{token}"
