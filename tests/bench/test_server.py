"""`make bench` in a short form: every phase of bench/server.py, in seconds, on SQLite.

The figures of so small a run mean nothing; what is tested is that the benchmark still
runs through (its data set scores, gunicorn serves it, every request is answered as
expected), so that a change which breaks `make bench` fails the suite.
"""

import os
import subprocess
import sys
from pathlib import Path

from bench.report import EXTRAS, TARGETS
from bench.serving import squeeze

ROOT = Path(__file__).resolve().parents[2]


def test_make_bench_runs_bench_server_py():
    plan = subprocess.run(["make", "-n", "bench"], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    assert "scripts/with-postgres" in plan.stdout and "bench/server.py" in plan.stdout


def test_a_quick_run_on_sqlite_goes_through_every_phase():
    # The run's own database and cache: whatever the suite runs on is left alone.
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL")}
    env["DJANGO_SETTINGS_MODULE"] = "bench.settings"
    done = subprocess.run(
        [sys.executable, "bench/server.py", "--quick", "--sqlite"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "every game scores" in done.stdout and "on SQLite" in done.stdout
    summary = done.stdout.split("median of 1 rounds")[1]
    for phase in ("floor", "scoreboard", "poll 304", "hand entry", *EXTRAS):
        assert f"  {phase} " in summary, phase
    for endpoint in TARGETS:
        assert f"  {endpoint} " in summary.split("verdict")[1], endpoint
    assert "not answered as expected" not in done.stdout


def test_a_page_compared_drawn_afresh_leaves_out_what_each_request_makes_new():
    one = b'<input name="csrfmiddlewaretoken" value="a1">\n  <p>\n Board </p>'
    two = b'<input name="csrfmiddlewaretoken" value="b2"><p> Board </p>'
    assert squeeze(one) == squeeze(two)
    assert squeeze(b'<input name="submission" value="x">') == squeeze(
        b'<input name="submission" value="y">'
    )
    assert squeeze(b"<p>12 hands</p>") != squeeze(b"<p>13 hands</p>")
