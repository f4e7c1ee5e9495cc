"""Existing data moves into groups without loss (games/migrations/0011 to 0013).

A database is populated with the models as they were before groups (every account owning
its sessions and players, with games, hands, revisions, paid marks and deleted items), then
migrated forward; every game's scores, every revision, every paid mark and every player's
record (the seats they sat in) are compared before and after. Runs on SQLite and on
PostgreSQL alike (scripts/with-postgres).
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.engine.sheet import settings_as_rules
from games.play import services
from games.records.imports import checked_sheet
from tests.sheets import example_names, load_example

BEFORE = [("games", "0010_bin")]
# What scoring reads of a game: the model of today has columns the tables of then have not.
SCORED = ("kind", "players", "rules", "meta")
AFTER = [("games", "0013_groups_replace_owners")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def populate(apps) -> None:
    """Two accounts with every kind of game, edits, deletions, paid marks and a bin."""
    User = apps.get_model("auth", "User")
    Player, Session, Game = (apps.get_model("games", m) for m in ("Player", "Session", "Game"))
    Seat, Hand, Revision, Paid = (
        apps.get_model("games", m) for m in ("Seat", "Hand", "Revision", "Paid")
    )
    now = timezone.now()
    for number, username in enumerate(["ana", "bea"]):
        user = User.objects.create(username=username, date_joined=now)
        User.objects.create(username=f"{username}-friend", date_joined=now)  # owns nothing
        for index, name in enumerate(example_names()):
            data, _ = load_example(name)
            sheet = checked_sheet(data)
            session = Session.objects.create(
                owner=user,
                place=f"{name} {number}",
                deleted=now if index == 1 and number else None,
            )
            game = Game.objects.create(
                session=session,
                kind=sheet.game,
                players=list(sheet.players),
                rules=settings_as_rules(sheet.settings),
                deleted=now - timedelta(days=1) if index == 2 else None,
            )
            for position, person in enumerate(sheet.players):
                player, _ = Player.objects.get_or_create(owner=user, name=person)
                Seat.objects.create(game=game, player=player, position=position)
            for hand_number, record in enumerate(data["hands"], start=1):
                hand = Hand.objects.create(game=game, number=hand_number, record=record, version=2)
                Revision.objects.create(
                    game=game,
                    hand=hand,
                    number=hand_number,
                    record=record,
                    version=1,
                    action="edited",
                    by=user,
                )
            Paid.objects.create(
                session=session, payer="Ana", payee="Ben", amount=Decimal("1.50"), by=user
            )
        Player.objects.create(owner=user, name="Gone", deleted=now)


def figures(apps, owner_of) -> dict:
    """What a player sees of everything, keyed by what does not change: names and pks."""
    Player, Session, Game = (apps.get_model("games", m) for m in ("Player", "Session", "Game"))
    Revision, Paid, Seat = (apps.get_model("games", m) for m in ("Revision", "Paid", "Seat"))
    from games.models import Game as LiveGame

    return {
        "sessions": sorted(
            (s.pk, owner_of(s), s.place, s.date, s.deleted) for s in Session.objects.all()
        ),
        "scores": {
            game.pk: services.score_game(LiveGame.kept.only(*SCORED).get(pk=game.pk)).as_json()
            for game in Game.objects.all()
        },
        "games": sorted(Game.objects.values_list("pk", "session", "kind", "version", "deleted")),
        "revisions": sorted(
            Revision.objects.values_list(
                "pk", "game", "hand", "number", "record", "version", "action", "by"
            )
        ),
        "paid": sorted(Paid.objects.values_list("pk", "session", "payer", "payee", "amount", "by")),
        "players": sorted(
            (
                p.pk,
                owner_of(p),
                p.name,
                p.deleted,
                sorted(Seat.objects.filter(player=p).values_list("game", "position")),
            )
            for p in Player.objects.all()
        ),
    }


def test_every_account_becomes_one_group_and_nothing_of_its_records_changes():
    old = migrate(BEFORE)
    populate(old)
    before = figures(old, lambda row: row.owner_id)
    new = migrate(AFTER)
    after = figures(new, lambda row: row.group.owner_id)
    differences = [key for key in before if before[key] != after[key]]
    # The figures for the closing note: what was compared, and how much differed.
    print(
        f"\ngroups migration: {len(before['scores'])} games, "
        f"{sum(len(s['hands']) for s in before['scores'].values() if 'hands' in s)} hands scored, "
        f"{len(before['revisions'])} revisions, {len(before['players'])} players compared; "
        f"differences: {len(differences)}"
    )
    assert differences == []
    assert len(before["scores"]) == 2 * len(example_names())

    Group, Membership = new.get_model("games", "Group"), new.get_model("games", "Membership")
    User = new.get_model("auth", "User")
    assert Group.objects.count() == User.objects.count() == 4
    for group in Group.objects.all():
        assert group.name == f"{group.owner.username}'s table" and group.invite_token
        assert list(Membership.objects.filter(group=group).values_list("user", flat=True)) == [
            group.owner_id
        ]
