"""`make bench` in a short form: every phase of bench/server.py, in seconds, on SQLite.

The figures of so small a run mean nothing; what is tested is that the benchmark still
runs through (its data set scores, gunicorn serves it, every request is answered as
expected), so that a change which breaks `make bench` fails the suite.
"""

import subprocess
from pathlib import Path

from bench.report import EXTRAS, TARGETS
from bench.serving import squeeze
from tests.bench.runs import bench_run

ROOT = Path(__file__).resolve().parents[2]


def test_make_bench_runs_bench_server_py():
    plan = subprocess.run(["make", "-n", "bench"], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    assert "scripts/with-postgres" in plan.stdout and "bench/server.py" in plan.stdout


def test_a_quick_run_on_sqlite_goes_through_every_phase():
    shown = bench_run("server.py", "--quick", "--sqlite", settings="bench.settings")
    assert "every game scores" in shown and "on SQLite" in shown
    summary = shown.split("median of 1 rounds")[1]
    for phase in ("floor", "scoreboard", "poll 304", "hand entry", *EXTRAS):
        assert f"  {phase} " in summary, phase
    for endpoint in TARGETS:
        assert f"  {endpoint} " in summary.split("verdict")[1], endpoint
    assert "not answered as expected" not in shown


def test_a_page_compared_drawn_afresh_leaves_out_what_each_request_makes_new():
    one = b'<input name="csrfmiddlewaretoken" value="a1">\n  <p>\n Board </p>'
    two = b'<input name="csrfmiddlewaretoken" value="b2"><p> Board </p>'
    assert squeeze(one) == squeeze(two)
    assert squeeze(b'<input name="submission" value="x">') == squeeze(
        b'<input name="submission" value="y">'
    )
    assert squeeze(b"<p>12 hands</p>") != squeeze(b"<p>13 hands</p>")
