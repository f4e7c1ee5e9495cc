"""`make bench-club` in a short form, and the parts that judge a night.

The figures of so small a run mean nothing; what is tested is that the night still runs
through (the tables score, the Procfile's server serves them, Locust's phones enter hands
and follow them) and that its checks hold: every acknowledged hand stored exactly once.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

from bench.club_report import kind_of, report
from bench.club_tables import check_saved
from games.models import Hand
from tests.bench.runs import bench_run
from tests.tables import make_game

ROOT = Path(__file__).resolve().parents[2]


def test_make_bench_club_runs_bench_club_py_on_sqlite_and_on_two_servers():
    for target, wanted in (("bench-club", "bench/club.py"), ("bench-club-two", "--servers 2")):
        plan = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
        assert plan.returncode == 0, plan.stderr
        assert wanted in plan.stdout


def quick_night(*options) -> str:
    """bench/club.py --quick on its own SQLite file and cache."""
    shown = bench_run("club.py", "--quick", *options)
    assert "every acknowledged hand stored exactly once" in shown
    assert "FAILED" not in shown
    for kind in ("poll", "tap", "save", "page"):
        assert f"  {kind} " in shown, kind
    return shown


def test_a_quick_night_stores_every_acknowledged_hand_exactly_once():
    assert "1 server(s)" in quick_night()


# With `make test-postgres`, which installs redis-server (`make redis`).
@pytest.mark.postgres
@pytest.mark.skipif(not shutil.which("redis-server"), reason="no redis-server: make redis")
def test_a_quick_night_on_two_servers_sharing_redis_stores_every_hand_once():
    shown = quick_night("--servers", "2", "--redis")
    assert "2 server(s)" in shown and "Redis" in shown


def test_the_access_log_tells_a_poll_a_page_a_tap_and_a_save_apart():
    assert kind_of("GET", "/s/abc/?live=1", "304", "0") == "poll"
    assert kind_of("GET", "/s/abc/?", "200", "9000") == "page"
    assert kind_of("POST", "/games/1/hands/new/?", "200", "2100") == "tap"
    assert kind_of("POST", "/games/1/hands/new/?", "200", "0") == "save"


def test_a_hand_acknowledged_but_not_stored_is_lost_and_one_stored_unasked_is_counted(user):
    game = make_game(user, hands=[{"passed": True}] * 3)
    table = [{"game": game.pk}]
    for number in (4, 5, 7):
        Hand.objects.create(game=game, number=number, record={"passed": True})
    sent = [(game.pk, 4), (game.pk, 5), (game.pk, 6)]
    phones = {"saved": [(game.pk, 4), (game.pk, 6)], "sent": sent}
    found = check_saved(table, {game.pk: 3}, phones)
    assert found["lost"] == [(game.pk, 6)]
    assert found["in_flight"] == [(game.pk, 5)]  # sent, stored, its answer not yet back
    assert found["unacknowledged"] == [(game.pk, 7)]  # never sent: a fault
    assert found["doubled"] == [] and found["acknowledged"] == 2 and found["stored"] == 3


def test_a_night_with_a_failure_a_lost_hand_or_a_busy_generator_is_not_ok(tmp_path):
    stats = tmp_path / "phones_stats.csv"
    header = "Type,Name,Request Count,Failure Count,Max Response Time,Requests/s,50%,95%,99%\n"

    def night(failures=0, lost=(), generator=0.1):
        stats.write_text(header + f",Aggregated,100,{failures},9,10,1,2,3\n")
        cpu = {"time": 0, "server": {1: {}}, "generator": {}, "helpers": {}, "rss": {}}
        end = cpu | {"time": 10, "generator": {7: 10 * generator}}
        stored = {"acknowledged": 1, "stored": 1, "lost": list(lost), "doubled": []}
        stored |= {"unacknowledged": [], "in_flight": []}
        options = type("Options", (), {"tables": 1, "warmup": 1, "servers": 1, "stress": 0})
        return report(options, tmp_path, {"start": cpu, "end": end}, stored, {}, 0.8)["ok"]

    assert night()
    assert not night(failures=1)
    assert not night(lost=[(1, 2)])
    assert not night(generator=0.9)
