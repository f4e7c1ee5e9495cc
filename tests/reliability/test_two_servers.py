"""Two app servers on one database behave as one: the app keeps no state in a process.

Two gunicorn processes, on two ports, share this run's PostgreSQL test database, as
two servers behind a load balancer would: on one machine with its cache folder, or on
two machines with one Redis for a cache (CACHE_URL). A login made on one is a login on the
other (sessions are rows in the database); a hand saved through one is served by
the other on its very next request; a logout on one ends the session on both.
"""

from __future__ import annotations

import time

import pytest
from django.contrib.sessions.models import Session as LoginSession

from games.models import Hand
from tests.conftest import PASSWORD
from tests.reliability.browser import Browser
from tests.reliability.live import (
    ONLY_POSTGRES,
    on_postgres,
    record_figures,
    redis_server,
    servers,
    with_server_password,
)
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = [
    pytest.mark.skipif(not on_postgres(), reason=ONLY_POSTGRES),
    pytest.mark.django_db(transaction=True),
]

BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)


def test_two_servers_on_one_database_serve_the_same_game(user, tmp_path):
    with servers(tmp_path, count=2) as (one, two):
        checks, seen_after_ms = the_same_game_on_both(user, one, two)
    figures = {
        "servers": 2,
        "workers_each": 1,
        "checks_passed": checks,
        "hand_seen_on_the_other_server_after_ms": round(seen_after_ms, 1),
    }
    print("\ntwo servers:", figures)
    record_figures("two_servers", figures)


def test_two_machines_sharing_one_redis_cache_serve_the_same_game(user, tmp_path):
    # A club's servers on two machines have no folder in common: only CACHE_URL joins them.
    with (
        redis_server(tmp_path) as url,
        servers(tmp_path, count=2, machines=True, env={"CACHE_URL": url}) as pair,
    ):
        checks, seen_after_ms = the_same_game_on_both(user, *pair)
    assert not (tmp_path / "cache-web1").exists() and not (tmp_path / "cache-web2").exists()
    figures = {
        "servers": 2,
        "cache": "one Redis, no cache folder",
        "checks_passed": checks,
        "hand_seen_on_the_other_server_after_ms": round(seen_after_ms, 1),
    }
    print("\ntwo machines:", figures)
    record_figures("two_machines", figures)


def the_same_game_on_both(user, one, two) -> tuple[list[str], float]:
    """Log in on one, save on each, log out on two: each server sees what the other did."""
    with_server_password(user, PASSWORD)
    game = make_game(user)
    board, sheet = f"/games/{game.pk}/", f"/games/{game.pk}/sheet.json"
    checks = []
    assert one.port != two.port and one.worker_pids() != two.worker_pids()
    on_one = Browser(one)
    on_one.log_in(user.username, PASSWORD)
    on_two = on_one.on(two)

    # The session made by server one is a row in the database...
    assert LoginSession.objects.filter(session_key=on_one.cookies["sessionid"]).exists()
    # ...so server two knows the same cookie: the owner's board, not the login page.
    first = on_two.get(board)
    assert first.status == 200, first.location
    live, poll = board + "?live=1", {"HX-Request": "true"}
    etag = on_two.get(live, headers=poll).headers["ETag"]
    checks.append("a login on server 1 is a login on server 2")

    # A hand saved through server one is on server two's very next answer.
    saved = on_one.submit(f"/games/{game.pk}/hands/new/", tridge_post(1, **BEN_POST, save="1"))
    assert (saved.status, saved.location) == (302, board)
    saved_at = time.perf_counter()
    assert on_two.get(sheet).json()["hands"] == [BEN_WINS]
    seen_after_ms = (time.perf_counter() - saved_at) * 1000
    # Server two's scoreboard poll is not "304 Not Modified" from anything it remembered.
    again = on_two.get(live, headers=poll | {"If-None-Match": etag})
    assert again.status == 200 and again.headers["ETag"] != etag
    assert "Ben" in again.text
    checks.append("a hand saved through server 1 is served by server 2 at once")

    # And the other way round: hand 2 (all passed) saved through server two.
    saved = on_two.submit(f"/games/{game.pk}/hands/new/", tridge_post(2, kind="passed", save="1"))
    assert (saved.status, saved.location) == (302, board)
    assert on_one.get(sheet).json()["hands"] == [BEN_WINS, {"passed": True}]
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2]
    checks.append("a hand saved through server 2 is served by server 1 at once")

    # Logging out on server two ends the session for server one too.
    out = on_two.submit("/accounts/logout/", {}, page=board)
    assert out.status == 302
    gone = Browser(one, on_one.cookies).get(board)
    assert gone.status == 302 and "/accounts/login/" in gone.location
    checks.append("a logout on server 2 logs the cookie out of server 1")
    return checks, seen_after_ms
