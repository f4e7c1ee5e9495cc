"""A worker killed in the middle of saving a hand loses that save and nothing else.

gunicorn runs as the Procfile runs it (one worker), against this run's PostgreSQL test
database, serving tests/reliability/paused_wsgi.py: each save is held inside its
transaction after its first row is written, for as long as the test holds a file lock;
the test waits until PostgreSQL shows the worker's transaction open at exactly that
point, then SIGKILLs the worker (no race: the save cannot finish before the kill). The game
must come back as it was before the save (never half-written), still score, and take
the same save again from the worker gunicorn starts in its place.
"""

from __future__ import annotations

import fcntl
import signal
import threading
import time
from contextlib import contextmanager
from os import kill

import pytest
from django.db import connection

from games.models import Game, Hand, Revision
from games.play import services
from tests.conftest import PASSWORD
from tests.reliability.browser import Browser
from tests.reliability.live import (
    APP_NAME,
    ONLY_POSTGRES,
    on_postgres,
    record_figures,
    servers,
    wait_for,
    with_server_password,
)
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = [
    pytest.mark.skipif(not on_postgres(), reason=ONLY_POSTGRES),
    pytest.mark.django_db(transaction=True),
]

# Ceilings only, for a machine however busy: nothing here waits for a time to pass.
WAIT = 60
BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)


def paused_save(statements: tuple[str, ...]):
    """The app's backend whose last statement is one a save makes just before the pause.

    A save in a transaction waits 'idle in transaction'; a save without one (a defect)
    would wait 'idle' with its rows already committed, and the test must see that too.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, state, query FROM pg_stat_activity "
            "WHERE application_name LIKE %s AND state IN ('idle in transaction', 'idle') "
            "AND datname = current_database()",
            [f"{APP_NAME}-%"],
        )
        for pid, state, query in cursor.fetchall():
            if query.lstrip().startswith(statements):
                return pid, state, query
    return None


def backend_gone(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
        return cursor.fetchone()[0] == 0


@contextmanager
def saves_held(gate):
    """Every save the server makes waits, its first row written, until this ends."""
    with open(gate, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


def kill_mid_save(server, gate, browser, path, data, statements) -> dict:
    """Post `data` to `path`, SIGKILL the worker while the save is held, and say what we saw."""
    token = browser.csrf_token(path)
    answer: dict = {}

    def post():
        try:
            answer["status"] = browser.request(
                "POST", path, data | {"csrfmiddlewaretoken": token}
            ).status
        except OSError as error:  # the connection dies with the worker
            answer["error"] = type(error).__name__

    phone = threading.Thread(target=post)
    with saves_held(gate):
        phone.start()
        try:
            backend, state, statement = wait_for(
                lambda: paused_save(statements), WAIT, "the save to pause"
            )
            (worker,) = server.worker_pids()
            kill(worker, signal.SIGKILL)
            killed_at = time.monotonic()
        finally:
            phone.join(timeout=WAIT)
    # PostgreSQL sees the connection drop and rolls the transaction back.
    wait_for(lambda: backend_gone(backend), WAIT, "the killed worker's backend to end")
    return {
        "worker": worker,
        "database_state_at_kill": state,
        "last_statement_before_kill": " ".join(statement.split())[:60],
        "client_saw": answer.get("error") or answer.get("status"),
        "rolled_back_within_s": round(time.monotonic() - killed_at, 3),
    }


def test_a_worker_killed_mid_save_loses_only_that_save(user, tmp_path):
    with_server_password(user, PASSWORD)
    game = make_game(user)
    before = services.score_game(game)
    figures: dict = {}
    gate = tmp_path / "gate"
    gate.touch()
    env = {"SCOREKEEPER_SAVE_GATE": str(gate)}
    with servers(tmp_path, env=env, app="tests.reliability.paused_wsgi") as (server,):
        phone = Browser(server)
        phone.log_in(user.username, PASSWORD)
        new = f"/games/{game.pk}/hands/new/"

        # 1. Killed while adding hand 1: the hand row is written, the game's version not yet.
        post = tridge_post(1, **BEN_POST, save="1")
        seen = kill_mid_save(
            server, gate, phone, new, post, ('INSERT INTO "games_hand"', "RELEASE")
        )
        assert seen["client_saw"] != 302, "the save finished before the kill: no crash tested"
        game.refresh_from_db()
        assert not Hand.objects.filter(game=game).exists(), "a killed save left its hand"
        assert game.version == 0
        assert services.score_game(game).as_json() == before.as_json()
        figures["add"] = seen | {"hands_after_kill": 0, "game_version_after_kill": 0}

        # gunicorn starts a new worker; the same login still works, the game still shows.
        wait_for(lambda: server.worker_pids() not in ([], [seen["worker"]]), WAIT, "a new worker")
        assert phone.get(f"/games/{game.pk}/").status == 200
        assert phone.get(f"/games/{game.pk}/sheet.json").json()["hands"] == []

        # The phone saves again, and this time it is kept, whole.
        retry = phone.submit(new, post)
        assert (retry.status, retry.location) == (302, f"/games/{game.pk}/")
        hand = Hand.objects.get(game=game)
        game.refresh_from_db()
        assert (hand.number, hand.record, hand.version, game.version) == (1, BEN_WINS, 1, 1)
        figures["add"]["retry"] = "saved: hand 1, version 1"

        # 2. Killed while correcting hand 1: the revision is written, the hand not changed.
        edit = f"/games/{game.pk}/hands/1/"
        post = tridge_post(1, **(BEN_POST | {"honours": 2}), version=1, save="1")
        seen = kill_mid_save(server, gate, phone, edit, post, ('INSERT INTO "games_revision"',))
        assert seen["client_saw"] != 302, "the edit finished before the kill: no crash tested"
        hand.refresh_from_db()
        game.refresh_from_db()
        assert (hand.record, hand.version, game.version) == (BEN_WINS, 1, 1)
        assert not Revision.objects.filter(game=game).exists(), "a killed edit left a revision"
        after_add = services.score_game(game)
        figures["edit"] = seen | {"hand_version_after_kill": 1, "revisions_after_kill": 0}

        wait_for(lambda: server.worker_pids() not in ([], [seen["worker"]]), WAIT, "a new worker")
        retry = phone.submit(edit, post)
        assert (retry.status, retry.location) == (302, f"/games/{game.pk}/")
        hand.refresh_from_db()
        game.refresh_from_db()
        assert (hand.record["honours"], hand.version, game.version) == (2, 2, 2)
        revision = Revision.objects.get(game=game)
        assert (revision.record, revision.version, revision.by) == (BEN_WINS, 1, user)
        assert services.score_game(game).as_json() != after_add.as_json()
        figures["edit"]["retry"] = "saved: hand 1, version 2, one revision"

        # 3. Killed while adding hand 2 on the tally the correction kept: the version
        # is bumped and the hand written, neither committed.
        post = tridge_post(2, kind="passed", save="1")
        seen = kill_mid_save(
            server, gate, phone, new, post, ('INSERT INTO "games_hand"', "RELEASE")
        )
        assert seen["client_saw"] != 302, "the save finished before the kill: no crash tested"
        # The careful way writes the hand inside a savepoint; on a tally there is none.
        assert seen["last_statement_before_kill"].startswith('INSERT INTO "games_hand"')
        game.refresh_from_db()
        assert (Hand.objects.filter(game=game).count(), game.version) == (1, 2)
        figures["add_on_tally"] = seen | {"hands_after_kill": 1, "game_version_after_kill": 2}

        wait_for(lambda: server.worker_pids() not in ([], [seen["worker"]]), WAIT, "a new worker")
        retry = phone.submit(new, post)
        assert (retry.status, retry.location) == (302, f"/games/{game.pk}/")
        game.refresh_from_db()
        assert (Hand.objects.get(game=game, number=2).record, game.version) == ({"passed": True}, 3)
        figures["add_on_tally"]["retry"] = "saved: hand 2, game version 3"

    figures["outcome"] = (
        "the three killed saves rolled back whole (no hand, no revision, version unchanged); "
        "the game scored throughout; every retry was kept"
    )
    print("\ncrash:", figures)
    record_figures("crash", figures)
    assert Game.objects.filter(pk=game.pk).exists()
