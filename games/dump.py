"""An account's whole history as one JSON document, and back into an empty account.

The document holds every session, every game as its score sheet, and every revision,
so that export then import loses nothing a player entered. The whole database is backed
up with the database's own tools (README.md).
"""

from __future__ import annotations

from contextlib import contextmanager

from django.db import connection, transaction
from django.utils.dateparse import parse_date, parse_datetime

from games.models import Game, Hand, Player, Revision, Session
from games.services import import_sheet, sheet_of
from games.sheet import SheetError

FORMAT = "scorekeeper-account/1"


class DumpError(ValueError):
    pass


@contextmanager
def one_moment():
    """Read everything as it was at one moment, even while hands are being saved.

    On PostgreSQL each query of a plain transaction sees whatever was committed before
    it began, so a dump could hold a hand's new version without the revision the same
    save made. REPEATABLE READ gives every query of the dump the same snapshot. (SQLite
    has one writer, and a transaction reads one state of the file anyway.) Inside an
    outer transaction the snapshot is the outer transaction's business.
    """
    outer = not connection.in_atomic_block
    with transaction.atomic():
        if outer and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def dump_account(owner) -> dict:
    with one_moment():
        return _dump_account(owner)


def _dump_account(owner) -> dict:
    sessions = (
        Session.objects.filter(owner=owner)
        .order_by("date", "created")
        .prefetch_related("games__hands", "games__revisions")
    )
    return {
        "format": FORMAT,
        "players": [player.name for player in Player.objects.filter(owner=owner)],
        "sessions": [
            {
                "date": session.date.isoformat(),
                "place": session.place,
                "note": session.note,
                "created": session.created.isoformat(),
                "games": [dump_game(game) for game in session.games.all()],
            }
            for session in sessions
        ],
    }


def dump_game(game: Game) -> dict:
    return {
        "created": game.created.isoformat(),
        "sheet": sheet_of(game, [hand.record for hand in game.hands.all()]),
        "hand_versions": [hand.version for hand in game.hands.all()],
        "revisions": [
            {
                "number": revision.number,
                # Where the revised hand stands now (numbers move when a hand is deleted).
                "hand": revision.hand.number if revision.hand_id else None,
                "record": revision.record,
                "version": revision.version,
                "action": revision.action,
                "at": revision.at.isoformat(),
                "by": revision.by.username if revision.by else None,
                "via_coscorer": revision.via_coscorer,
            }
            for revision in game.revisions.all()
        ],
    }


def load_account(owner, data) -> int:
    """Store a dumped account into `owner`'s empty account; returns the number of games."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DumpError(f"this is not a Scorekeeper account file ({FORMAT})")
    if Session.objects.filter(owner=owner).exists():
        raise DumpError("an account file is imported into an empty account only")
    try:
        return _load(owner, data)
    except SheetError as error:
        raise DumpError(f"a game in it cannot be imported: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise DumpError(f"the file is damaged ({type(error).__name__}: {error})") from None


def _load(owner, data) -> int:
    count = 0
    with transaction.atomic():
        for name in data.get("players", []):
            Player.objects.get_or_create(owner=owner, name=name)
        for raw in data.get("sessions", []):
            session = Session.objects.create(
                owner=owner,
                date=parse_date(raw["date"]),
                place=raw.get("place", ""),
                note=raw.get("note", ""),
                created=parse_datetime(raw["created"]),
            )
            for raw_game in raw.get("games", []):
                load_game(session, raw_game)
                count += 1
    return count


def load_game(session, raw: dict) -> Game:
    game = import_sheet(session, raw["sheet"])
    game.created = parse_datetime(raw["created"])
    game.save(update_fields=["created"])
    hands = {hand.number: hand for hand in game.hands.all()}
    for number, version in enumerate(raw.get("hand_versions", []), start=1):
        Hand.objects.filter(pk=hands[number].pk).update(version=version)
    # Revisions by this account stay attributed to it; other names are kept as unknown.
    users = {session.owner.username: session.owner}
    for revision in raw.get("revisions", []):
        Revision.objects.create(
            game=game,
            hand=hands.get(revision.get("hand")),
            number=revision["number"],
            record=revision["record"],
            version=revision["version"],
            action=revision["action"],
            at=parse_datetime(revision["at"]),
            by=users.get(revision["by"]),
            via_coscorer=revision.get("via_coscorer", False),
        )
    return game
