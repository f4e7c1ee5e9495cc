"""An account's whole history as one JSON document, and back into an empty account;
and the whole database as one JSON document (a backup), and back into an empty one.

The account document holds every session, every game as its score sheet, and every
revision, so that export then import loses nothing a player entered. The backup holds
every row of every table the app keeps (see `dump_all`).
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from uuid import UUID

from django.core.management.color import no_style
from django.db import DatabaseError, connection, transaction
from django.utils.dateparse import parse_date, parse_datetime

from games.models import Game, Hand, Player, Revision, Session
from games.services import import_sheet, score_records, sheet_of
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


# --- the whole database: `manage.py dumpscores FILE` and `manage.py loadscores FILE` ------
#
# Every row of every table the app keeps, field by field and with its primary key, so
# that links (/games/7/, share and co-scorer tokens) still work after a restore, and a
# dump of the restored database is byte for byte the dump it came from. A model field
# added later is in the backup by construction (all concrete fields are written); a
# model added later must be put in BACKED_UP or NOT_BACKED_UP (a test insists).

BACKUP_FORMAT = "scorekeeper-backup/1"

# In loading order: each table refers only to tables before it.
BACKED_UP = (
    "auth.group",
    "auth.user",
    "games.player",
    "games.session",
    "games.game",
    "games.seat",
    "games.hand",
    "games.revision",
)
NOT_BACKED_UP = {
    "auth.permission": "made by migrate; groups and users name theirs as app_label.codename",
    "contenttypes.contenttype": "made by migrate",
    "sessions.session": "logins: after a restore everyone logs in again",
    "axes.accessattempt": "failed-login counters, which expire anyway",
    "axes.accessattemptexpiration": "when those counters expire",
    "axes.accesslog": "the log of logins",
    "axes.accessfailurelog": "the log of failed logins",
    "games.install": "the database's own id: a restored database keeps the one it was made with,"
    " so the cache never serves what it drew of the database that was lost",
}


def _backup_models() -> list:
    from django.apps import apps

    return [apps.get_model(label) for label in BACKED_UP]


def _plain(value):
    """A field's value as JSON has it."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal | UUID):
        return str(value)
    return value


def _m2m_fields(model) -> list:
    """Many-to-many fields kept as lists in the row (a through model is a table itself)."""
    return [
        field for field in model._meta.many_to_many if field.remote_field.through._meta.auto_created
    ]


def _prefetch(field) -> str:
    from django.contrib.auth.models import Permission

    return f"{field.name}__content_type" if field.related_model is Permission else field.name


def _m2m_value(field, related) -> list:
    from django.contrib.auth.models import Permission

    if field.related_model is Permission:
        return sorted(f"{p.content_type.app_label}.{p.codename}" for p in related)
    return sorted(obj.pk for obj in related)


def dump_all() -> dict:
    """Every backed-up table, read at one moment even while people play."""
    with one_moment():
        tables = {}
        for model in _backup_models():
            fields = model._meta.concrete_fields
            m2m = _m2m_fields(model)
            query = model._base_manager.order_by("pk")
            if m2m:
                query = query.prefetch_related(*(_prefetch(field) for field in m2m))
            tables[model._meta.label_lower] = [
                {field.attname: _plain(field.value_from_object(obj)) for field in fields}
                | {field.name: _m2m_value(field, getattr(obj, field.name).all()) for field in m2m}
                for obj in query
            ]
    return {"format": BACKUP_FORMAT, "tables": tables}


def load_all(data) -> dict[str, int]:
    """Store a backup into an empty database, all of it or nothing; rows per table."""
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise DumpError(f"this is not a Scorekeeper backup ({BACKUP_FORMAT})")
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise DumpError("the file is damaged (tables: must be an object)")
    unknown = sorted(set(tables) - set(BACKED_UP))
    if unknown:
        raise DumpError(f"the file is damaged (unknown table {unknown[0]!r})")
    try:
        with transaction.atomic():
            return _load_all(tables)
    except DumpError:
        raise
    except SheetError as error:
        raise DumpError(f"a game in it cannot be scored: {error}") from None
    except (DatabaseError, KeyError, TypeError, ValueError, AttributeError) as error:
        raise DumpError(f"the file is damaged ({type(error).__name__}: {error})") from None


def _load_all(tables: dict) -> dict[str, int]:
    models = _backup_models()
    filled = [model._meta.label_lower for model in models if model._base_manager.exists()]
    if filled:
        raise DumpError(f"a backup is loaded into an empty database only ({filled[0]} has rows)")
    loaded: dict[str, dict] = {}
    for model in models:
        label = model._meta.label_lower
        rows = tables.get(label, [])
        if not isinstance(rows, list):
            raise DumpError(f"the file is damaged ({label}: must be a list)")
        objects, links = {}, []
        for index, row in enumerate(rows, start=1):
            obj, m2m = _read_row(model, row, f"{label} row {index}", loaded)
            if obj.pk in objects:
                raise DumpError(f"{label} row {index}: id {obj.pk} appears twice")
            objects[obj.pk] = obj
            links.append((obj, m2m))
        model._base_manager.bulk_create(objects.values())
        for obj, m2m in links:
            for field, related in m2m.items():
                through = field.remote_field.through
                source, target = field.m2m_field_name(), field.m2m_reverse_field_name()
                through.objects.bulk_create(
                    through(**{f"{source}_id": obj.pk, f"{target}_id": pk}) for pk in related
                )
        loaded[label] = objects
    _check_games(loaded)
    # Rows came with their ids: the next row anyone adds must get a fresh one.
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)
    return {label: len(objects) for label, objects in loaded.items()}


def _read_row(model, row, where: str, loaded: dict):
    if not isinstance(row, dict):
        raise DumpError(f"{where}: must be an object")
    fields = model._meta.concrete_fields
    m2m = _m2m_fields(model)
    known = {field.attname for field in fields} | {field.name for field in m2m}
    extra = sorted(set(row) - known)
    if extra:
        raise DumpError(f"{where}: unknown field {extra[0]!r}")
    values = {}
    for field in fields:
        if field.attname in row:
            values[field.attname] = _field_value(field, row[field.attname], where)
        elif field.has_default():
            values[field.attname] = field.get_default()
        else:
            raise DumpError(f"{where}: {field.attname} is missing")
        if field.is_relation and values[field.attname] is not None:
            target = field.related_model._meta.label_lower
            if values[field.attname] not in loaded.get(target, {}):
                raise DumpError(
                    f"{where}: {field.attname} {values[field.attname]} is no row of {target}"
                )
    links = {field: _m2m_ids(field, row.get(field.name, []), where, loaded) for field in m2m}
    return model(**values), links


def _field_value(field, value, where: str):
    """The JSON value as the field's Python value, or DumpError naming what is wrong."""
    name = f"{where}: {field.attname}"
    if value is None:
        if field.null:
            return None
        raise DumpError(f"{name} cannot be null")
    kind = (field.target_field if field.is_relation else field).get_internal_type()
    if kind == "JSONField":
        return value
    if kind == "BooleanField":
        if not isinstance(value, bool):
            raise DumpError(f"{name} must be true or false")
        return value
    if kind.endswith("IntegerField") or kind.endswith("AutoField"):
        if not isinstance(value, int) or isinstance(value, bool):
            raise DumpError(f"{name} must be a whole number")
        if kind.startswith("Positive") and value < 0:
            raise DumpError(f"{name} cannot be negative")
        return value
    if kind in ("DateTimeField", "DateField"):
        parse = parse_datetime if kind == "DateTimeField" else parse_date
        parsed = parse(value) if isinstance(value, str) else None
        if parsed is None or (kind == "DateTimeField" and parsed.tzinfo is None):
            raise DumpError(f"{name} must be an ISO 8601 {kind[:-5].lower()} (with its zone)")
        return parsed
    if kind in ("CharField", "TextField", "EmailField", "SlugField"):
        if not isinstance(value, str):
            raise DumpError(f"{name} must be text")
        if field.max_length is not None and len(value) > field.max_length:
            raise DumpError(f"{name} is longer than {field.max_length} characters")
        if field.choices and value not in {choice for choice, _ in field.flatchoices}:
            raise DumpError(f"{name}: {value!r} is not one of the choices")
        return value
    return field.to_python(value)


def _m2m_ids(field, names, where: str, loaded: dict) -> list:
    from django.contrib.auth.models import Permission

    if not isinstance(names, list):
        raise DumpError(f"{where}: {field.name} must be a list")
    if field.related_model is Permission:
        found = []
        for name in names:
            app_label, _, codename = str(name).partition(".")
            permission = Permission.objects.filter(
                content_type__app_label=app_label, codename=codename
            ).first()
            if permission is None:
                raise DumpError(f"{where}: {field.name}: there is no permission {name!r}")
            found.append(permission.pk)
        return found
    target = field.related_model._meta.label_lower
    for pk in names:
        if pk not in loaded.get(target, {}):
            raise DumpError(f"{where}: {field.name}: {pk!r} is no row of {target}")
    return list(names)


def _check_games(loaded: dict) -> None:
    """What the tables alone do not hold the rows to: each game as the app keeps it."""
    games = loaded["games.game"]
    sessions = loaded["games.session"]
    players = loaded["games.player"]
    hands_of: dict[int, list] = {pk: [] for pk in games}
    for hand in loaded["games.hand"].values():
        hands_of[hand.game_id].append(hand)
    for pk, hands in hands_of.items():
        numbers = sorted(hand.number for hand in hands)
        if numbers != list(range(1, len(hands) + 1)):
            raise DumpError(f"game {pk}: its hands are not numbered 1 to {len(hands)}")
    hand_rows = loaded["games.hand"]
    for revision in loaded["games.revision"].values():
        if revision.hand_id is not None and hand_rows[revision.hand_id].game_id != revision.game_id:
            raise DumpError(f"revision {revision.pk}: its hand is in another game")
    for seat in loaded["games.seat"].values():
        owner = sessions[games[seat.game_id].session_id].owner_id
        if players[seat.player_id].owner_id != owner:
            raise DumpError(f"seat {seat.pk}: its player belongs to another account")
    for pk, game in games.items():
        try:
            score_records(game, [hand.record for hand in sorted(hands_of[pk], key=_number)])
        except SheetError as error:
            raise DumpError(f"game {pk} cannot be scored: {error}") from None


def _number(hand) -> int:
    return hand.number


def unscorable_games() -> list[str]:
    """Games the engines refuse today, which a backup could not be loaded with."""
    problems = []
    for game in Game.objects.prefetch_related("hands").order_by("pk"):
        try:
            score_records(game, [hand.record for hand in game.hands.all()])
        except SheetError as error:
            problems.append(f"game {game.pk}: {' '.join(str(error).split())}")
    return problems
