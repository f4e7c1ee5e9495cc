"""`manage.py dumpscores FILE` and `manage.py loadscores FILE`: the whole database out
and back into an empty one, identical; a bad file stores nothing and says why in a line.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from functools import cache
from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games import services
from games.access import new_token
from games.dump import BACKED_UP, NOT_BACKED_UP, dump_account, dump_all
from games.models import Game, Hand, Revision, Session
from tests.conftest import PASSWORD
from tests.reliability.live import ONLY_POSTGRES, ROOT, on_postgres, record_figures
from tests.reliability.records import PLAYERS, tridge_hand
from tests.sheets import example_names, load_example
from tests.tables import make_game

User = get_user_model()


@cache
def hashed(password: str) -> str:
    """Each password hashed once per run: a real hasher is slow on purpose."""
    return make_password(password)


def fill_database() -> dict:
    """Something of everything the app keeps; returns what the restore must bring back."""
    ana = User.objects.create(
        username="ana",
        email="ana@example.org",
        password=hashed(PASSWORD),
        first_name="Ana",
        last_name="Núñez",
    )
    # Ben's hash as production makes them, whatever hasher the tests use.
    pbkdf2 = PBKDF2PasswordHasher()
    ben = User.objects.create(username="ben", password=pbkdf2.encode("ben's password", "s4lt"))
    User.objects.create(
        username="root",
        email="root@example.org",
        password=hashed("the club's root password"),
        is_staff=True,
        is_superuser=True,
    )
    # An unusable password, and no longer active.
    User.objects.create(username="gone", password=make_password(None), is_active=False)
    User.objects.filter(pk=ana.pk).update(last_login=timezone.now())
    scorers = Group.objects.create(name="scorers")
    scorers.permissions.add(Permission.objects.get(codename="view_game"))
    ana.groups.add(scorers)
    ben.user_permissions.add(Permission.objects.get(codename="change_hand"))

    # A Tridge evening: hands added, corrected (by the owner, by the co-scorer link),
    # the last one deleted; both links on; something of the app's own in `meta`.
    game = make_game(ana, players=PLAYERS)
    for number in range(1, 8):
        services.add_hand(game, tridge_hand(number, f"add-{number}", number * 7), ana, number)
    hand = Hand.objects.get(game=game, number=2)
    services.edit_hand(hand, tridge_hand(2, "edit-2a", 11), ana, 1)
    services.edit_hand(hand, tridge_hand(2, "edit-2b", 12), ana, 2)
    services.edit_hand(
        Hand.objects.get(game=game, number=3), tridge_hand(3, "edit-3", 13), None, 1, True
    )
    services.delete_hand(Hand.objects.get(game=game, number=7), ana, 1)
    Game.objects.filter(pk=game.pk).update(
        share_token=new_token(), coscorer_token=new_token(), meta={"app": "ünïcode ✓"}
    )
    Session.objects.filter(pk=game.session_id).update(note="Friday,\nat the club")

    # Every example sheet, as Ben's games: each kind of game, top-level keys and all.
    session = Session.objects.create(owner=ben, place="Zoë's")
    for name in example_names():
        services.import_sheet(session, load_example(name)[0])

    return {
        "passwords": dict(User.objects.values_list("username", "password")),
        "scores": {g.pk: services.score_game(g).as_json() for g in Game.objects.all()},
        "tokens": dict(Game.objects.values_list("pk", "share_token")),
        "counts": table_counts(),
    }


def table_counts() -> dict:
    return {label: apps.get_model(label)._base_manager.count() for label in BACKED_UP}


def empty() -> bool:
    return not any(table_counts().values())


def run(command, *args):
    out, err = StringIO(), StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except SystemExit as exit:
        return exit.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


@pytest.mark.django_db(transaction=True)  # `flush` as on a fresh database, sequences and all
def test_dump_then_load_into_an_empty_database_then_dump_again_is_identical(tmp_path):
    kept = fill_database()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    began = time.perf_counter()
    status, out, err = run("dumpscores", str(first))
    assert (status, err) == (0, ""), err
    assert "4 users" in out and "6 games" in out

    call_command("flush", interactive=False, verbosity=0)  # a fresh, migrated database
    assert empty()
    status, out, err = run("loadscores", str(first))
    assert (status, err) == (0, ""), err
    assert table_counts() == kept["counts"]

    assert run("dumpscores", str(second))[0] == 0
    seconds = time.perf_counter() - began
    assert second.read_bytes() == first.read_bytes()

    # Not merely the same file twice: what was kept is what came back.
    assert dict(User.objects.values_list("username", "password")) == kept["passwords"]
    ana = User.objects.get(username="ana")
    assert ana.check_password(PASSWORD) and ana.last_login is not None
    assert list(ana.groups.values_list("name", flat=True)) == ["scorers"]
    assert User.objects.get(username="ben").has_perm("games.change_hand")
    assert not User.objects.get(username="gone").has_usable_password()
    assert User.objects.get(username="root").is_superuser
    assert {g.pk: services.score_game(g).as_json() for g in Game.objects.all()} == kept["scores"]
    assert dict(Game.objects.values_list("pk", "share_token")) == kept["tokens"]
    game = Game.objects.get(session__owner=ana)
    assert game.coscorer_token and game.meta == {"app": "ünïcode ✓"} and game.version == 11
    assert [h.version for h in game.hands.all()] == [1, 3, 2, 1, 1, 1]
    revisions = Revision.objects.filter(game=game).values_list("action", "by__username")
    assert sorted(revisions, key=repr) == [
        ("deleted", "ana"),
        ("edited", "ana"),
        ("edited", "ana"),
        ("edited", None),
    ]
    assert Revision.objects.get(game=game, action="deleted").hand is None
    assert Revision.objects.get(game=game, via_coscorer=True).hand.number == 3

    # The restored database goes on: new rows get fresh ids (sequences were moved on).
    services.add_hand(game, tridge_hand(7, "after", 3), ana, 7)
    newer = make_game(User.objects.get(username="ben"))
    assert newer.pk > max(kept["scores"])
    record_figures(
        "backup",
        {
            "rows": sum(kept["counts"].values()),
            "by_table": kept["counts"],
            "bytes": first.stat().st_size,
            "second_dump_identical": True,
            "dump_load_dump_seconds": round(seconds, 2),
        },
    )


def test_every_table_is_backed_up_or_left_out_on_purpose():
    labels = {model._meta.label_lower for model in apps.get_models()}
    assert not set(BACKED_UP) & set(NOT_BACKED_UP)
    assert labels - set(BACKED_UP) - set(NOT_BACKED_UP) == set(), "decide about new tables"


@pytest.mark.django_db
def test_a_backup_loads_into_an_empty_database_only(tmp_path):
    fill_database()
    path = tmp_path / "backup.json"
    assert run("dumpscores", str(path))[0] == 0
    before = table_counts()
    status, out, err = run("loadscores", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "empty database only" in err
    assert table_counts() == before


def _tables(data):
    return data["tables"]


def _row(data, table, index=-1):
    return data["tables"][table][index]


def _second_ana(data):
    copy = dict(_row(data, "auth.user", 0)) | {"id": 999}
    data["tables"]["auth.user"].append(copy)


def _other_players_seat(data):
    ben = next(u["id"] for u in _tables(data)["auth.user"] if u["username"] == "ben")
    bens = next(p["id"] for p in _tables(data)["games.player"] if p["owner_id"] == ben)
    _tables(data)["games.seat"][0]["player_id"] = bens


def _foreign_hand(data):
    hands = _tables(data)["games.hand"]
    revision = next(r for r in _tables(data)["games.revision"] if r["hand_id"])
    revision["hand_id"] = next(h["id"] for h in hands if h["game_id"] != revision["game_id"])


BAD = {
    "not valid JSON": (b"{nope", "is not valid JSON"),
    "not an object": (b"[]", "not a Scorekeeper backup"),
    "another format": (b'{"format": "scorekeeper-account/1"}', "not a Scorekeeper backup"),
    "a hand the engine refuses, last": (
        lambda d: _row(d, "games.hand").update(record={"passed": True, "extra": 1}),
        "cannot be scored",
    ),
    "a gap in the hand numbers": (
        lambda d: _row(d, "games.hand", 0).update(number=99),
        "not numbered 1 to",
    ),
    "a revision by nobody stored": (
        lambda d: _row(d, "games.revision").update(by_id=4242),
        "by_id 4242 is no row of auth.user",
    ),
    "a revision of another game's hand": (_foreign_hand, "its hand is in another game"),
    "a seat for another account's player": (_other_players_seat, "belongs to another account"),
    "the same username twice": (_second_ana, "damaged (IntegrityError"),
    "the same id twice": (
        lambda d: _tables(d)["games.hand"].append(dict(_row(d, "games.hand"))),
        "appears twice",
    ),
    "a name too long": (
        lambda d: _row(d, "games.player").update(name="x" * 41),
        "longer than 40 characters",
    ),
    "a flag that is not a boolean": (
        lambda d: _row(d, "auth.user").update(is_staff="yes"),
        "must be true or false",
    ),
    "a version that is not a number": (
        lambda d: _row(d, "games.hand").update(version="2"),
        "must be a whole number",
    ),
    "a negative version": (
        lambda d: _row(d, "games.hand").update(version=-1),
        "cannot be negative",
    ),
    "a time without its zone": (
        lambda d: _row(d, "games.revision").update(at="2025-01-01T20:00:00"),
        "with its zone",
    ),
    "a game nobody plays": (lambda d: _row(d, "games.game").update(kind="poker"), "'poker'"),
    "an unknown field": (lambda d: _row(d, "games.hand").update(colour="red"), "'colour'"),
    "an unknown table": (lambda d: _tables(d).update({"games.chip": []}), "'games.chip'"),
    "an unknown permission": (
        lambda d: _row(d, "auth.group", 0).update(permissions=["games.fly"]),
        "no permission 'games.fly'",
    ),
    "a missing field": (lambda d: _row(d, "games.hand").pop("record"), "record is missing"),
    "a null where none may be": (
        lambda d: _row(d, "games.game").update(players=None),
        "cannot be null",
    ),
}


@cache
def good_backup() -> str:
    """A good backup as JSON, made once per run; the database is empty again after."""
    fill_database()
    text = json.dumps(dump_all())
    # Everything hangs off the accounts (and groups); inside the test's transaction.
    User.objects.all().delete()
    Group.objects.all().delete()
    return text


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_backup_is_one_line_exit_2_and_nothing_stored(tmp_path, case):
    data = json.loads(good_backup())
    assert empty()
    change, words = BAD[case]
    path = tmp_path / "bad.json"
    if isinstance(change, bytes):
        path.write_bytes(change)
    else:
        change(data)
        path.write_text(json.dumps(data))
    status, out, err = run("loadscores", str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("backup: "), err
    assert words in err
    assert empty(), "a refused backup stored something"


def test_from_the_shell_a_missing_file_is_one_line_and_exit_2(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "loadscores", str(tmp_path / "missing.json")],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["backup: cannot be read (No such file or directory)"]
    assert result.stdout == ""


EDITS = 60


def whole_database(owner):
    data = dump_all()
    (game,) = data["tables"]["games.game"]
    hands, revisions = data["tables"]["games.hand"], data["tables"]["games.revision"]
    # Each save made one hand or one revision, and moved the version on by one.
    assert game["version"] == len(hands) + len(revisions)
    for hand in hands:
        assert hand["version"] == 1 + sum(r["hand_id"] == hand["id"] for r in revisions)


def one_account(owner):
    data = dump_account(owner)
    (game,) = data["sessions"][0]["games"]
    for number, version in enumerate(game["hand_versions"], start=1):
        assert version == 1 + sum(r["hand"] == number for r in game["revisions"])


@pytest.mark.skipif(not on_postgres(), reason=ONLY_POSTGRES)
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("check", [whole_database, one_account], ids=lambda check: check.__name__)
def test_a_dump_taken_while_hands_are_saved_is_one_moment(check):
    """Hands are corrected while dumps are taken: every dump adds up, as the game did."""
    owner = User.objects.create(username="ana", password=hashed(PASSWORD))
    game = make_game(owner, players=PLAYERS)
    for number in range(1, 9):
        services.add_hand(game, tridge_hand(number, f"add-{number}", number), owner, number)
    done = threading.Event()

    def correct():
        try:
            for step in range(EDITS):
                hand = Hand.objects.get(game=game, number=1 + step % 8)
                record = tridge_hand(hand.number, f"edit-{step}", step)
                services.edit_hand(hand, record, owner, hand.version)
        finally:
            done.set()
            connection.close()

    scorer = threading.Thread(target=correct)
    scorer.start()
    dumps = 0
    try:
        while not done.is_set():
            check(owner)
            dumps += 1
    finally:
        scorer.join(timeout=120)
    assert dumps >= 3
    assert Revision.objects.count() == EDITS
    record_figures(
        f"dump_while_saving_{check.__name__}", {"dumps_checked": dumps, "edits_meanwhile": EDITS}
    )
