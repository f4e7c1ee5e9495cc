"""A form sent twice changes the game once: every change's one-time key.

Each form that changes a game (a hand's Save, its Delete, Undo, Restore, Put back) is
drawn with a key of its own (`new_key`) and sends it back (`submission_key`). The
change stores the key with it, first thing in its transaction, under the game's lock
(`claim`, games/play/services.py). Sent again (a double tap, Back and Save, a retry once the
signal is back), the key is found stored (`submitted`) and the form is answered as the
first time, changing nothing more.
"""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction

from games.models import Game, Submission


class AlreadyStored(Exception):
    """This form was sent before and its change is stored: answer as the first time.

    `args[0]` is the stored Submission (its hand number and action).
    """


def new_key() -> str:
    """A form's one-time key, made when the form is drawn."""
    return secrets.token_urlsafe(16)


def submission_key(data) -> str | None:
    """The one-time key a form was sent with; None from a form drawn without one."""
    key = data.get("submission", "")
    return key if 0 < len(key) <= 64 else None


def submitted(game: Game, key: str | None) -> Submission | None:
    """The change a form's one-time key already made, if any.

    Read without the lock: a key found is committed with its change, so a form sent
    again can be answered before anything else is checked (games/views/hands.py).
    """
    if not key:
        return None
    return Submission.objects.filter(game=game, key=key).first()


def claim(game: Game, key: str | None, number: int, action: str) -> None:
    """Store the form's key first thing in its change's transaction, under the game's lock.

    Rolled back with the change if the change is refused; a key stored before (by the
    same form sent twice at once) raises AlreadyStored, before any conflict is looked for.
    """
    if not key:
        return
    try:
        with transaction.atomic():
            # Every keyed change bumps the game's version once: Undo checks it is still there.
            Submission.objects.create(
                game=game, key=key, number=number, action=action, version=game.version + 1
            )
    except IntegrityError:
        raise AlreadyStored(submitted(game, key)) from None
