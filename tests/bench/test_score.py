"""`make bench-score` in a short form: bench/score.py on 40 hands a game, one round."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_make_bench_score_runs_bench_score_py():
    plan = subprocess.run(["make", "-n", "bench-score"], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    assert "bench/score.py" in plan.stdout


def test_a_short_run_measures_every_game():
    done = subprocess.run(
        [sys.executable, "bench/score.py", "--hands", "40", "--rounds", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[2:]
    assert [row.split()[0] for row in rows] == ["contractor", "tridge", "bid_fair", "cardigan"]
    assert all("read+score" in row for row in rows)
