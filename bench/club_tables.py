"""The tables of `bench/club.py`: one account, group, evening and Tridge game of four a
table, mid-evening (8 to 40 hands already, from bench/sheets.py's seeded generator), its
share link on; the scorer's session made here as Django's login makes it (hashing a
password per table at the production cost would take minutes); and afterwards the check
that every acknowledged save is stored exactly once."""

from __future__ import annotations

import random
import secrets
import string
from collections import Counter
from datetime import UTC, date, datetime

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.contrib.sessions.backends.cached_db import SessionStore
from django.core.management import call_command
from django.db import transaction
from django.db.models import Count

from bench.dataset import NAMES, checked
from bench.sheets import tridge_sheet
from games.models import Game, Group, Hand, Membership, Player, Seat, Session
from games.play.access import new_token
from games.play.services import score_game

BACKEND = "django.contrib.auth.backends.ModelBackend"


def build(count: int, seed: int = 36) -> tuple[list[dict], str]:
    """Migrate and store `count` tables; every game scores before the night starts."""
    call_command("migrate", interactive=False, verbosity=0)
    rng = random.Random(seed)
    now = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)
    with transaction.atomic():
        owners = User.objects.bulk_create(
            User(username=f"table{n:04d}", password=make_password(None), date_joined=now)
            for n in range(count)
        )
        groups = Group.objects.bulk_create(
            Group(name=f"Table {n + 1}", owner=owner, created=now) for n, owner in enumerate(owners)
        )
        Membership.objects.bulk_create(
            Membership(group=g, user=g.owner, joined=now) for g in groups
        )
        players = Player.objects.bulk_create(
            Player(group=group, name=name, created=now) for group in groups for name in NAMES
        )
        sessions = Session.objects.bulk_create(
            Session(group=group, date=date(2026, 11, 28), place="The club", created=now)
            for group in groups
        )
        sheets = [tridge_sheet(rng.randint(8, 40), seed=rng.randrange(1 << 30)) for _ in groups]
        games = []
        for session, sheet in zip(sessions, sheets, strict=True):
            rules, meta = checked(sheet)
            games.append(
                Game(
                    session=session,
                    kind="tridge",
                    players=list(sheet["players"]),
                    rules=rules,
                    meta=meta,
                    created=now,
                    share_token=new_token(),
                )
            )
        Game.objects.bulk_create(games)
        Seat.objects.bulk_create(
            (
                Seat(game=game, player=players[4 * n + seat], position=seat)
                for n, game in enumerate(games)
                for seat in range(4)
            ),
            batch_size=2000,
        )
        Hand.objects.bulk_create(
            (
                Hand(game=game, number=number, record=record, created=now, updated=now)
                for game, sheet in zip(games, sheets, strict=True)
                for number, record in enumerate(sheet["hands"], start=1)
            ),
            batch_size=2000,
        )
    for game in Game.objects.prefetch_related("hands"):
        score_game(game)  # raises if a sheet does not score
    hands = sum(len(sheet["hands"]) for sheet in sheets)
    tables = [
        {"game": game.pk, "owner": owner.pk, "players": game.players, "share": game.share_token}
        for game, owner in zip(games, owners, strict=True)
    ]
    return tables, f"{count} tables: Tridge games of four, {hands} hands already; all score"


def log_in(tables: list[dict], servers: list[str]) -> None:
    """Each scorer's session, stored as a login stores it, and a CSRF cookie; the servers
    each table's phones use."""
    hashes = {user.pk: user.get_session_auth_hash() for user in User.objects.all()}
    alphabet = string.ascii_letters + string.digits
    for index, table in enumerate(tables):
        session = SessionStore()
        session[SESSION_KEY] = str(table["owner"])
        session[BACKEND_SESSION_KEY] = BACKEND
        session[HASH_SESSION_KEY] = hashes[table["owner"]]
        session.create()
        csrf = "".join(secrets.choice(alphabet) for _ in range(32))
        table["cookies"] = {
            settings.SESSION_COOKIE_NAME: session.session_key,
            settings.CSRF_COOKIE_NAME: csrf,
        }
        # A table's phones start on the server after the last table's: spread round them.
        table["servers"] = servers[index % len(servers) :] + servers[: index % len(servers)]


def hand_counts(tables: list[dict]) -> dict[int, int]:
    games = [table["game"] for table in tables]
    rows = Game.objects.filter(pk__in=games).annotate(n=Count("hands")).values_list("pk", "n")
    return dict(rows)


def check_saved(tables: list[dict], before: dict[int, int], phones: dict) -> dict:
    """Every acknowledged save stored exactly once; a hand stored unacknowledged is one
    whose answer was still on its way when the phones stopped (its phone, going on, would
    send it again under its one-time key), or else a hand nobody sent."""
    acknowledged = Counter((game, number) for game, number in phones["saved"])
    sent = {(game, number) for game, number in phones["sent"]}
    new = Counter(
        Hand.objects.filter(game_id__in=[t["game"] for t in tables]).values_list(
            "game_id", "number"
        )
    )
    new = Counter({key: n for key, n in new.items() if key[1] > before[key[0]]})
    unanswered = sorted(key for key in new if key not in acknowledged)
    return {
        "acknowledged": sum(acknowledged.values()),
        "stored": sum(new.values()),
        "lost": sorted(key for key in acknowledged if key not in new),
        "doubled": sorted(key for key, n in (acknowledged | new).items() if n > 1),
        "in_flight": [key for key in unanswered if key in sent],
        "unacknowledged": [key for key in unanswered if key not in sent],
    }
