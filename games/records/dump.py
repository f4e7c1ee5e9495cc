"""An account's whole history as one JSON document, and back into an empty account.

The document holds every session, every game as its score sheet, and every revision,
so that export then import loses nothing a player entered: the account's first group at
its top, as a group's own file has it, and every other group it is in under "groups".
The whole database is backed up with the database's own tools (README.md).
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime

from django.db import connection, transaction
from django.utils import timezone

from games.engine.registry import GAMES
from games.engine.sheet import Fields, SheetError, check_whole, describe
from games.models import Game, Group, Hand, Leftover, Player, Revision, Session
from games.play import changes
from games.play.groups import create_group, first_group, groups_of
from games.play.services import sheet_of
from games.records.file_money import check_takings, payments_out, read_payments
from games.records.imports import checked_sheet, import_sheet, validated

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
    """The account's file: every group it is in, its first (its own) at the top as a file
    made before groups has it, the others under "groups", each with its name."""
    with one_moment():
        first, *others = groups_of(owner)
        groups = [{"name": group.name} | _contents(group) for group in others]
        return {"format": FORMAT} | _contents(first) | {"groups": groups}


def dump_group(group) -> dict:
    """A group's file, in the account file's format: any member may take it."""
    with one_moment():
        return {"format": FORMAT} | _contents(group)


def _contents(group) -> dict:
    sessions = (
        Session.objects.filter(group=group)
        .order_by("date", "created")
        .prefetch_related("games__hands", "games__revisions", "games__took__source")
    )
    return {
        "players": [player.name for player in Player.objects.filter(group=group)],
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
        "payments": payments_out(group),
    }


def dump_game(game: Game) -> dict:
    return {
        "created": game.created.isoformat(),
        "name": game.name,
        "sheet": sheet_of(game, [hand.record for hand in game.hands.all()]),
        "hand_versions": [hand.version for hand in game.hands.all()],
        # The table's choices (money value, funds shared or kept), and what the game took
        # from the table, by when its source was made: the chips on the table come back.
        "choices": {
            key: game.meta[key] for key in game.engine.money.KEPT_CHOICES if key in game.meta
        },
        "took": sorted(left.source.created.isoformat() for left in game.took.all()),
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


def nothing_imported(error: Exception) -> str:
    """The one line that refuses a file (account file or sheet), naming what and where."""
    return f"Nothing was imported: {str(error).removesuffix('.')}."


def load_account(owner, data) -> int:
    """Store a dumped account into `owner`'s empty first group, and each other group of the
    file into a new group of `owner`'s (its members are not in the file); returns the
    number of games.

    Every record is read and checked first, types here, lengths, dates and choices by the
    models' own validation, each sheet by its engine; only then is it all stored, in the
    same transaction. A damaged file raises DumpError naming what and where, and stores
    nothing.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DumpError(f"this is not a Scorekeeper account file ({FORMAT})")
    with transaction.atomic():
        group = first_group(owner)
        if Session.objects.filter(group=group).exists():
            raise DumpError("an account file is imported into an empty account only")
        try:
            top = Record(data, "file")
            top.value("format")
            others = top.list("groups")  # a file made before groups has none
            read = [_read(owner, group, top, "")]
            for number, raw in enumerate(others, start=2):
                record = Record(raw, f"group {number}")
                name = record.text("name")
                where = f"group {number}"
                validated(Group(name=name, owner=owner), where, exclude=["owner"])
                # Made before it is read: a refused file takes it back with the transaction.
                read.append(_read(owner, create_group(owner, name), record, f"{where}, "))
        except SheetError as error:
            raise DumpError(str(error)) from None
        games = 0
        for players, sessions, payments in read:
            Player.objects.bulk_create(players)
            stored = []
            for session, session_games in sessions:
                session.save()
                stored += [_store_game(session, *game) for game in session_games]
            _lay_the_table(stored)
            for payment in payments:  # one by one: the ledger writes each one's entries
                payment.save()
            games += len(stored)
    return games


def _lay_the_table(games) -> None:
    """Which match took what the group's matches left on its table, as it was (each match
    stored put what it leaves there: games/play/changes.py `changed`)."""
    for game in games:
        if game.took_when:
            Leftover.objects.filter(
                source__in=[g.pk for g in games if g.created in game.took_when]
            ).update(taken_by=game, taken_at=game.created)
            changes.changed(game)


class Record(Fields):
    """One object of the file, read as strictly as a sheet; errors name it by `path`."""

    def name(self, key: str) -> str:
        return f"{self.path}, {key}"

    def text(self, key: str, default: str | None = None) -> str:
        value = self.value(key) if default is None else self.value(key, default)
        if not isinstance(value, str):
            raise self.error(key, f"must be text, not {describe(value)}")
        return value

    def whole(self, key: str) -> int:
        # The model's validators check the upper bound, the database's own.
        return check_whole(self.value(key), self.name(key))

    def list(self, key: str) -> list:
        value = self.value(key, [])
        if not isinstance(value, list):
            raise self.error(key, "must be a list")
        return value


def _read(owner, group, top: Record, where: str) -> tuple[list[Player], list, list]:
    """A group's players, sessions and payments, read from `top` (its other keys read
    already)."""
    players = _read_players(group, top.list("players"), where)
    sessions = [
        _read_session(owner, group, raw, f"{where}session {number}")
        for number, raw in enumerate(top.list("sessions"), start=1)
    ]
    games = [
        (data, sheet, created, choices, took, f"{where}session {s}, game {g}")
        for s, (_, session_games) in enumerate(sessions, start=1)
        for g, (data, sheet, created, _, _, _, choices, took) in enumerate(session_games, 1)
    ]
    named = {created: place for _, _, created, _, _, place in games}
    check_takings(games, lambda when: named.get(when, when.isoformat()))
    made = {session.created.isoformat(): session for session, _ in sessions}
    payments = read_payments(top, owner, group, made, _moment_text)
    top.finish()
    return players, sessions, payments


def _read_players(group, names: list, prefix: str) -> list[Player]:
    """The players the group does not have yet (by name, whatever the case)."""
    known = {
        name.casefold()
        for name in Player.objects.filter(group=group).values_list("name", flat=True)
    }
    new = []
    for number, name in enumerate(names, start=1):
        where = f"{prefix}player {number}"
        if not isinstance(name, str):
            raise DumpError(f"{where}: a name must be text, not {describe(name)}")
        if name.casefold() in known:
            continue
        known.add(name.casefold())
        new.append(validated(Player(group=group, name=name), where, exclude=["group"]))
    return new


def _read_session(owner, group, raw, where: str) -> tuple[Session, list]:
    record = Record(raw, where)
    session = Session(
        group=group,
        date=record.text("date"),
        place=record.text("place", ""),
        note=record.text("note", ""),
        created=record.text("created"),
    )
    validated(session, where, exclude=["group"])
    session.created = _moment(session.created, f"{where}, created")
    games = [
        _read_game(owner, raw_game, f"{where}, game {number}")
        for number, raw_game in enumerate(record.list("games"), start=1)
    ]
    record.finish()
    return session, games


def _read_game(owner, raw, where: str) -> tuple:
    record = Record(raw, where)
    data = record.value("sheet")
    try:
        sheet = checked_sheet(data)
    except SheetError as error:
        raise DumpError(f"{where}, sheet: {error}") from None
    # The rest of the game is the sheet's, checked again as import_sheet stores it.
    game = Game(created=record.text("created"), name=record.text("name", ""))
    validated(game, where, exclude=["session", "kind", "players", "rules"])
    created = _moment(game.created, f"{where}, created")
    versions = record.list("hand_versions")
    if versions and len(versions) != len(sheet.hands):
        raise record.error(
            "hand_versions", f"has {len(versions)} entries for {len(sheet.hands)} hands"
        )
    for number, version in enumerate(versions, start=1):
        hand = Hand(
            number=number, version=check_whole(version, f"{where}, hand_versions[{number - 1}]")
        )
        validated(hand, f"{where}, hand {number}", exclude=["game", "record"])
    revisions = [
        _read_revision(owner, raw_revision, f"{where}, revision {number}", len(sheet.hands))
        for number, raw_revision in enumerate(record.list("revisions"), start=1)
    ]
    choices = record.value("choices", {})
    kept = GAMES[data["game"]].money.KEPT_CHOICES
    if not isinstance(choices, dict) or not all(
        key in kept and isinstance(value, str) for key, value in choices.items()
    ):
        raise record.error("choices", f"must map some of {', '.join(kept)} to text")
    took = []
    for number, value in enumerate(record.list("took")):
        try:
            took.append(_moment(datetime.fromisoformat(value), f"{where}, took[{number}]"))
        except (TypeError, ValueError):
            raise record.error("took", "must list when each game it took from was made") from None
    record.finish()
    return data, sheet, created, game.name, versions, revisions, choices, took


def _read_revision(owner, raw, where: str, hands: int) -> tuple[int | None, Revision]:
    record = Record(raw, where)
    # Where the revised hand stands now, if it is still there.
    hand = record.value("hand", None)
    if hand is not None:
        check_whole(hand, record.name("hand"), 1, hands)
    by = record.value("by")
    if by is not None and not isinstance(by, str):
        raise record.error("by", f"must be a name or null, not {describe(by)}")
    revision = Revision(
        number=record.whole("number"),
        record=record.value("record"),
        version=record.whole("version"),
        action=record.text("action"),
        at=record.text("at"),
        # Revisions by this account stay attributed to it; other names are kept as unknown.
        by=owner if by == owner.username else None,
        via_coscorer=record.flag("via_coscorer"),
    )
    validated(revision, where, exclude=["game", "hand", "by"])
    revision.at = _moment(revision.at, f"{where}, at")
    record.finish()
    return hand, revision


def _moment_text(text: str, where: str) -> datetime:
    """A moment written as the file writes one (ISO 8601), read as `_moment` reads it."""
    try:
        return _moment(datetime.fromisoformat(text), where)
    except ValueError:
        raise DumpError(f"{where}: must be a moment such as 2026-11-28T20:00:00+00:00") from None


def _moment(value: datetime, where: str) -> datetime:
    """A moment the database can store: with a time zone, and in range once in UTC."""
    if timezone.is_naive(value):
        value = timezone.make_aware(value)
    try:
        value.astimezone(UTC)
    except OverflowError:
        raise DumpError(f"{where}: is out of range") from None
    return value


def _store_game(session, data, sheet, created, name, versions, revisions, choices, took) -> Game:
    game = import_sheet(session, data, sheet)
    game.created, game.name, game.meta = created, name, game.meta | choices
    game.save(update_fields=["created", "name", "meta"])
    if choices:
        changes.changed(game)  # its money value and the funds' house rule count too
    game.took_when = took
    hands = {hand.number: hand for hand in game.hands.all()}
    for number, version in enumerate(versions, start=1):
        hands[number].version = version
    if versions:
        Hand.objects.bulk_update(hands.values(), ["version"])
    for number, revision in revisions:
        revision.game = game
        revision.hand = hands.get(number)
    Revision.objects.bulk_create(revision for _, revision in revisions)
    return game
